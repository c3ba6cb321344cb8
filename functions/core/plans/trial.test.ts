import { describe, expect, it } from 'vitest';
import { trialEndOf, trialPlanOf, withTrialResolved } from './trial';

describe('free trials', () => {
  it('takes the plans that have a Start Free Trial button, nothing else', () => {
    expect(trialPlanOf('PROFESSIONAL')).toBe('PROFESSIONAL');
    expect(trialPlanOf('STARTER')).toBe('STARTER');
    expect(trialPlanOf('ENTERPRISE')).toBeNull();
    expect(trialPlanOf('professional')).toBeNull();
    expect(trialPlanOf(undefined)).toBeNull();
  });

  it('ends 14 days after it started', () => {
    expect(trialEndOf('2026-12-01T10:00:00.000Z')).toBe('2026-12-15T10:00:00.000Z');
  });

  it('gives the plan until the end date, then the default plan', () => {
    const org = {
      plan: 'PROFESSIONAL' as const,
      status: 'TRIAL' as const,
      trialEndsAt: '2026-12-15T10:00:00.000Z',
    };
    expect(withTrialResolved(org, '2026-12-15T09:59:59.999Z')).toEqual(org);
    expect(withTrialResolved(org, '2026-12-15T10:00:00.000Z')).toEqual({
      ...org,
      plan: 'STARTER',
      status: 'ACTIVE',
    });
    const paying = {
      plan: 'ENTERPRISE' as const,
      status: 'ACTIVE' as const,
      trialEndsAt: '2020-01-01T00:00:00.000Z',
    };
    expect(withTrialResolved(paying, '2026-12-15T10:00:00.000Z')).toBe(paying);
  });
});

import { describe, expect, it } from 'vitest';
import { apiUsage } from './organization-rules';

describe('apiUsage', () => {
  it('does not warn at exactly 80 percent', () => {
    expect(apiUsage(8_000, 10_000)).toEqual({ percent: 80, warning: false });
  });

  it('warns just above 80 percent', () => {
    expect(apiUsage(8_001, 10_000).warning).toBe(true);
  });

  it('caps the bar at 100 percent when the quota is exceeded', () => {
    expect(apiUsage(12_000, 10_000)).toEqual({ percent: 100, warning: true });
  });

  it('treats a zero quota as empty until something is used', () => {
    expect(apiUsage(0, 0)).toEqual({ percent: 0, warning: false });
    expect(apiUsage(1, 0).warning).toBe(true);
  });
});

import { DEFAULT_PLAN, PLANS, type Plan, TRIAL_DAYS } from '../../../shared/constants';

/**
 * Free trials. "Start Free Trial" of a plan on the landing page signs the person up with that plan
 * (the user pool's `custom:plan` attribute); their new organization gets the plan for TRIAL_DAYS (14),
 * status TRIAL and the end date. When it ends the organization has the default plan (STARTER): that is
 * decided when the organization is read, so no scheduled job is needed and no stale plan is served.
 */

/** Plans that can be tried: those with a Start Free Trial button (Enterprise is Contact Sales). */
const TRIAL_PLANS: readonly Plan[] = PLANS.filter((p) => p !== 'ENTERPRISE');

/** The plan a sign-up asked to try, from its attribute; null for none or anything else. */
export function trialPlanOf(value: unknown): Plan | null {
  return TRIAL_PLANS.find((p) => p === value) ?? null;
}

/** When a trial started at `startIso` ends. */
export function trialEndOf(startIso: string, days = TRIAL_DAYS): string {
  return new Date(Date.parse(startIso) + days * 24 * 60 * 60 * 1000).toISOString();
}

interface PlanState {
  plan: Plan;
  status: 'ACTIVE' | 'TRIAL' | 'SUSPENDED';
  trialEndsAt?: string | null;
}

/** The organization as it stands at `nowIso`: a trial that has ended leaves the default plan, ACTIVE. */
export function withTrialResolved<T extends PlanState>(org: T, nowIso: string): T {
  if (org.status !== 'TRIAL' || !org.trialEndsAt || org.trialEndsAt > nowIso) return org;
  return { ...org, plan: DEFAULT_PLAN, status: 'ACTIVE' };
}

import { API_USAGE_WARNING_RATIO, type Plan } from '@shared/constants';
import type { BadgeTone } from '@/components/ui/badge';

export const PLAN_LABELS: Record<Plan, string> = {
  STARTER: 'Starter',
  PROFESSIONAL: 'Professional',
  ENTERPRISE: 'Enterprise',
};

export const PLAN_TONES: Record<Plan, BadgeTone> = {
  STARTER: 'gray',
  PROFESSIONAL: 'brand',
  ENTERPRISE: 'amber',
};

export const SALES_MAILTO = 'mailto:sales@invoicepilot.com?subject=InvoicePilot%20plan%20upgrade';

/** API usage as a percentage (0..100, for the bar) and whether it is past the 80 % warning. */
export function apiUsage(used: number, quota: number) {
  const ratio = quota > 0 ? used / quota : used > 0 ? 1 : 0;
  return {
    percent: Math.min(100, Math.max(0, ratio * 100)),
    warning: ratio > API_USAGE_WARNING_RATIO,
  };
}

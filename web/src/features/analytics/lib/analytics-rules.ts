import { TOP_VENDORS } from '@shared/constants';
import type { Analytics } from '@shared/schemas/entities';

/** 'No analytics data available' when nothing returns, or nothing has been invoiced yet. */
export function hasAnalyticsData(a: Analytics | null | undefined): a is Analytics {
  if (!a) return false;
  if (Object.values(a.byCurrency ?? {}).some((f) => f.totalInvoices > 0)) return true;
  return (
    a.totalInvoices > 0 ||
    a.topVendors.length > 0 ||
    a.categoryBreakdown.length > 0 ||
    a.monthlyTrends.some((m) => m.invoiceCount > 0)
  );
}

/** `2025-01` → `Jan 2025`; anything else is shown as given. */
export function monthLabel(month: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(month);
  if (!m) return month;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
  return date.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** The ten vendors with the highest totals, highest first. */
export function topVendors(a: AnalyticsFigures) {
  return [...a.topVendors].sort((x, y) => y.totalAmount - x.totalAmount).slice(0, TOP_VENDORS);
}

/** Compact money for chart axes: `$1.2K`, `€3.4M`. */
export function compactMoney(value: number, currency = 'USD'): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(value);
}

/** The currencies with figures, the organization's first, then by how much was spent in them. */
export function analyticsCurrencies(a: Analytics): string[] {
  const others = Object.entries(a.byCurrency ?? {})
    .filter(([code, f]) => code !== a.currency && f.totalInvoices > 0)
    .sort(([, x], [, y]) => y.totalInvoices - x.totalInvoices)
    .map(([code]) => code);
  return [a.currency, ...others];
}

/** The figures of one currency: the spec fields for the organization's, else that currency's. */
export function figuresIn(a: Analytics, currency: string): AnalyticsFigures {
  return currency === a.currency ? a : (a.byCurrency[currency] ?? a);
}
export type AnalyticsFigures = Pick<
  Analytics,
  'totalInvoices' | 'totalAmount' | 'averageAmount' | 'topVendors' | 'categoryBreakdown' | 'monthlyTrends'
> &
  // Absent from servers older than split coding, and than approval-only totals.
  Partial<Pick<Analytics, 'propertyBreakdown' | 'awaitingApprovalAmount' | 'awaitingApprovalCount'>>;

export function formatPercent(value: number): string {
  return `${(Math.round(value * 10) / 10).toFixed(1)}%`;
}

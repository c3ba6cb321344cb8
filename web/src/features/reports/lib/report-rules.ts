import type { AgingBuckets } from '@shared/schemas/ap-reports';

/** Today as `YYYY-MM-DD` in UTC: the day the server reports as of when it is given none. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** This month as `YYYY-MM` in UTC, the recurring report's default. */
export function thisMonthUtc(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}

/** `months` months before `month` (`YYYY-MM`). */
export function monthsBefore(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 - months, 1));
  return d.toISOString().slice(0, 7);
}

/** The spend report's default range, as the server's: the last 12 months, this one included. */
export function lastTwelveMonths(now = new Date()): { from: string; to: string } {
  const to = thisMonthUtc(now);
  return { from: monthsBefore(to, 11), to };
}

/** The aging buckets in order, with the words the table and the chart use for them. */
export const AGING_BUCKETS = [
  { key: 'current', label: 'Current' },
  { key: 'days1to30', label: '1–30 days' },
  { key: 'days31to60', label: '31–60 days' },
  { key: 'days61to90', label: '61–90 days' },
  { key: 'over90', label: 'Over 90 days' },
] as const satisfies readonly { key: keyof AgingBuckets; label: string }[];

/** The cash windows in order; they are cumulative (the next 14 days include the next 7). */
export const CASH_WINDOWS = [
  { key: 'overdue', label: 'Overdue' },
  { key: 'next7', label: 'Next 7 days' },
  { key: 'next14', label: 'Next 14 days' },
  { key: 'next30', label: 'Next 30 days' },
] as const;

/** `2.4` → `2.4×`: how many times the usual amount a bill is. */
export function formatRatio(ratio: number): string {
  return `${(Math.round(ratio * 10) / 10).toFixed(1)}×`;
}

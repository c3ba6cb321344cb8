import type { RecurringBillsReport } from '../../../shared/schemas';
import { AGGREGATE_BUCKETS as buckets } from '../invoices/aggregate-buckets';
import { ANY_ACCOUNT } from '../invoices/report-aggregates';
import { addMonths, type BucketItem, money, monthsBetween, nameOf, sumFields, VENDOR_WORDS } from './fields';

/**
 * Recurring bills: the vendors (and utility accounts) billed most months, whose bill has not come this
 * month, or came far above the usual. Read from the billed buckets of the month and the 6 before it
 * (core/invoices/report-aggregates): 7 items. A bill is any invoice linked to the vendor that was read
 * and not rejected, whatever its review, by its invoice month.
 *
 * A vendor whose bills carry account numbers (a utility with one account per meter or building) is
 * judged per account, as each account is billed on its own; any other vendor on all its bills.
 */

/** How many months before `month` are looked at. */
export const LOOKBACK_MONTHS = 6;
/**
 * Billed in at least this many of those months makes a bill "usual": fewer is too irregular to miss.
 * With 6 months looked at, half of them.
 */
export const MIN_MONTHS_BILLED = 3;
/** This month's amount at least this many times the usual (the median of the months billed) is unusual. */
export const UNUSUALLY_HIGH_RATIO = 1.5;

/** The billed buckets of `month` and the LOOKBACK_MONTHS before it. */
export function recurringMonths(month: string) {
  const months = monthsBetween(addMonths(month, -LOOKBACK_MONTHS), month);
  return { months, buckets: months.map(buckets.billedMonthBucket) };
}

export interface RecurringInput {
  month: string;
  /** The billed buckets of `recurringMonths(month)`, each with its `bucket` name. */
  items: readonly (BucketItem & { bucket: string })[];
  defaultCurrency: string;
  vendorNames: Readonly<Record<string, string>>;
}

/** The median of some amounts in cents (the mean of the middle two for an even count), rounded. */
export function medianCents(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

interface Series {
  currency: string;
  vendorId: string;
  account: string;
  /** Per month: cents billed and bills. */
  months: Map<string, { cents: number; count: number }>;
}

type Named = { vendorName: string; accountNumber: string | null };
const byName = (a: Named, b: Named) =>
  a.vendorName.localeCompare(b.vendorName) || (a.accountNumber ?? '').localeCompare(b.accountNumber ?? '');

export function recurringBillsReport(input: RecurringInput): RecurringBillsReport {
  const series = new Map<string, Series>();
  for (const item of input.items) {
    const month = item.bucket.slice(buckets.billedMonthBucket('').length);
    for (const [field, value] of sumFields([item], input.defaultCurrency)) {
      const [kind, currency, vendorId, account] = field.split('|');
      if (kind !== 'bc' && kind !== 'bn') continue;
      const key = [currency, vendorId, account].join('|');
      const s = series.get(key) ?? { currency, vendorId, account, months: new Map() };
      const figures = s.months.get(month) ?? { cents: 0, count: 0 };
      if (kind === 'bc') figures.cents += value;
      else figures.count += value;
      s.months.set(month, figures);
      series.set(key, s);
    }
  }
  const byAccount = new Set(
    [...series.values()].filter((s) => s.account !== ANY_ACCOUNT).map((s) => s.vendorId),
  );
  const missing: RecurringBillsReport['missing'] = [];
  const unusuallyHigh: RecurringBillsReport['unusuallyHigh'] = [];
  for (const s of series.values()) {
    // A vendor with accounts is judged per account only.
    if ((s.account === ANY_ACCOUNT) === byAccount.has(s.vendorId)) continue;
    const billed = [...s.months]
      .filter(([month, f]) => month < input.month && f.count > 0)
      .sort(([a], [b]) => a.localeCompare(b));
    if (billed.length < MIN_MONTHS_BILLED) continue;
    const usual = medianCents(billed.map(([, f]) => f.cents));
    const now = s.months.get(input.month);
    const row = {
      vendorId: s.vendorId,
      vendorName: nameOf(input.vendorNames, s.vendorId, VENDOR_WORDS),
      accountNumber: s.account === ANY_ACCOUNT ? null : decodeURIComponent(s.account),
      currency: s.currency,
    };
    if (!now || now.count <= 0) {
      missing.push({
        ...row,
        usualAmount: money(usual),
        monthsBilled: billed.length,
        lastBilledMonth: billed[billed.length - 1][0],
      });
    } else if (usual > 0 && now.cents >= UNUSUALLY_HIGH_RATIO * usual) {
      unusuallyHigh.push({
        ...row,
        amount: money(now.cents),
        usualAmount: money(usual),
        ratio: Math.round((now.cents / usual) * 100) / 100,
      });
    }
  }
  missing.sort(byName);
  unusuallyHigh.sort((a, b) => b.ratio - a.ratio || byName(a, b));
  return { month: input.month, missing, unusuallyHigh };
}

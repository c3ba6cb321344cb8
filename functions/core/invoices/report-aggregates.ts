import type { InvoiceStatus } from '../../../shared/schemas';
import { AGGREGATE_BUCKETS as buckets } from './aggregate-buckets';
import type { SpendShare } from './allocations';

/**
 * What an invoice adds to the AP reports' buckets (scheme 5), so aging, cash requirements, spend per door
 * and recurring bills read a bounded number of items whatever the number of invoices. Like every bucket
 * (see aggregates.ts) each write applies after − before in its own transaction; an invoice last written
 * under an older scheme has no `reports` facts and so adds nothing here until it is written again (or
 * the backfill, core/invoices/backfill-aggregates, writes it).
 *
 * - Open payables (APPROVED, not paid, with a total) on the day they fall due: one bucket per due day,
 *   due week, due month and due year, and one of all of them (`AP#DUE#ALL`). A range of days is read
 *   from the weeks inside it and the day buckets at its ends, and "everything before a day" from the
 *   years, months and days (or weeks) before it, so any as-of date reads at most about a hundred items. Each holds the count and cents per currency, per vendor and
 *   per property (a split invoice counts its share on each property, `spendShares`).
 * - Approved spend by invoice month, per property × category (spend per door).
 * - Bills that arrived by invoice month, per vendor and per vendor + utility account (recurring bills).
 *
 * Field names are `<kind>|<currency>|<key>…`; the currency `-` is the organization's default (an invoice
 * stored without one, as the API shows it), `-` as a key is "none" (no vendor linked, no property, no
 * category), and `*` as an account is the vendor's bills whatever their account.
 */

/** What the reports' buckets need of an invoice beyond InvoiceFacts. */
export interface ReportFacts {
  /** The day it falls due: its due date, else its invoice date, else the day it was uploaded. */
  dueOn: string;
  /** `YYYY-MM` of its invoice date, else of its upload: the month it was billed in. */
  billedMonth: string;
  paidOn: string | null;
  accountNumber: string | null;
}

/** The InvoiceFacts (aggregates.ts) these buckets read, and the reports' own. */
export interface ReportedInvoice {
  status: InvoiceStatus;
  totalAmount: number | null;
  vendorId: string | null;
  categoryId: string | null;
  currency: string | null;
  readFailure?: boolean;
  shares?: readonly SpendShare[];
  reports: ReportFacts;
}

export type Contribution = Record<string, Record<string, number>>;

export const NONE = '-';
export const ANY_ACCOUNT = '*';
const keyOf = (id: string | null | undefined) => id || NONE;
/** The account number as a field name part (it is free text: `|` must not split it). */
export const accountKey = (account: string | null) =>
  account ? encodeURIComponent(account.trim()) : ANY_ACCOUNT;

/** Field names, shared by the writes here and the reads in core/reports. */
export const FIELDS = {
  count: (cur: string) => `n|${cur}`,
  cents: (cur: string) => `c|${cur}`,
  vendorCount: (cur: string, vendor: string) => `vn|${cur}|${vendor}`,
  vendorCents: (cur: string, vendor: string) => `vc|${cur}|${vendor}`,
  propertyCount: (cur: string, property: string) => `pn|${cur}|${property}`,
  propertyCents: (cur: string, property: string) => `pc|${cur}|${property}`,
  spendCents: (cur: string, property: string, category: string) => `s|${cur}|${property}|${category}`,
  billedCents: (cur: string, vendor: string, account: string) => `bc|${cur}|${vendor}|${account}`,
  billedCount: (cur: string, vendor: string, account: string) => `bn|${cur}|${vendor}|${account}`,
};

/** The day an invoice falls due (see ReportFacts). */
export const dueDayOf = (item: {
  dueDate: string | null;
  invoiceDate: string | null;
  createdAt: string;
}): string => item.dueDate ?? item.invoiceDate ?? item.createdAt.slice(0, 10);

/** The Monday (UTC) of a day's week, `YYYY-MM-DD`: the name of its due-week bucket. */
export function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/** Open payables: approved and not paid yet (with an amount to pay). */
export const isOpenPayable = (
  f: Pick<ReportedInvoice, 'status' | 'totalAmount'> & { paidOn: string | null },
) => f.status === 'APPROVED' && !f.paidOn && f.totalAmount !== null;

/** A bill that came: linked to a vendor, read, with a total, and not rejected (whatever its review). */
const isBilled = (f: ReportedInvoice) =>
  Boolean(f.vendorId) && f.totalAmount !== null && !f.readFailure && f.status !== 'REJECTED';

function add(out: Contribution, bucket: string, field: string, value: number) {
  out[bucket] ??= {};
  out[bucket][field] = (out[bucket][field] ?? 0) + value;
}

/** The invoice's shares summed per property (a split across categories of one property is one share). */
function centsByProperty(shares: readonly SpendShare[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const share of shares)
    out.set(keyOf(share.propertyId), (out.get(keyOf(share.propertyId)) ?? 0) + share.cents);
  return out;
}

export function reportContributionOf(f: ReportedInvoice): Contribution {
  const out: Contribution = {};
  const cur = f.currency ?? NONE;
  const cents = Math.round((f.totalAmount ?? 0) * 100);
  const shares = f.shares ?? [{ propertyId: null, categoryId: f.categoryId, cents }];
  const { dueOn, billedMonth } = f.reports;
  if (isOpenPayable({ ...f, paidOn: f.reports.paidOn })) {
    const vendor = keyOf(f.vendorId);
    const byProperty = centsByProperty(shares);
    for (const bucket of [
      buckets.dueDayBucket(dueOn),
      buckets.dueWeekBucket(mondayOf(dueOn)),
      buckets.dueMonthBucket(dueOn.slice(0, 7)),
      buckets.dueYearBucket(dueOn.slice(0, 4)),
      buckets.dueAllBucket,
    ]) {
      add(out, bucket, FIELDS.count(cur), 1);
      add(out, bucket, FIELDS.cents(cur), cents);
      add(out, bucket, FIELDS.vendorCount(cur, vendor), 1);
      add(out, bucket, FIELDS.vendorCents(cur, vendor), cents);
      for (const [property, share] of byProperty) {
        add(out, bucket, FIELDS.propertyCount(cur, property), 1);
        add(out, bucket, FIELDS.propertyCents(cur, property), share);
      }
    }
  }
  if (f.status === 'APPROVED' && f.totalAmount !== null) {
    for (const share of shares)
      add(
        out,
        buckets.spendMonthBucket(billedMonth),
        FIELDS.spendCents(cur, keyOf(share.propertyId), keyOf(share.categoryId)),
        share.cents,
      );
  }
  if (isBilled(f) && f.vendorId) {
    const bucket = buckets.billedMonthBucket(billedMonth);
    const accounts = [
      ANY_ACCOUNT,
      ...(f.reports.accountNumber?.trim() ? [accountKey(f.reports.accountNumber)] : []),
    ];
    for (const account of accounts) {
      add(out, bucket, FIELDS.billedCents(cur, f.vendorId, account), cents);
      add(out, bucket, FIELDS.billedCount(cur, f.vendorId, account), 1);
    }
  }
  return out;
}

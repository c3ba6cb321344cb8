import { type InvoiceStatus, MIN_REVIEWED_FOR_ACCURACY } from '../../../shared/schemas';
import { AGGREGATE_BUCKETS as buckets, monthOf } from './aggregate-buckets';
import type { SpendShare } from './allocations';
import { type ReportFacts, reportContributionOf } from './report-aggregates';

/**
 * Stats and analytics are read from aggregate items, never by scanning invoices. Each invoice
 * *contributes* counts and amounts to a few buckets; every write applies the difference between the
 * invoice's contribution after and before, in the same transaction as the write. Creating, editing,
 * changing status and deleting therefore all keep the aggregates exact, and a repeated write with no
 * change adds nothing. The cloud and the local runtime both write through this code.
 *
 * Money is counted per ISO 4217 currency and never summed across currencies: a bucket holds
 * `amountCents_EUR`, `spendCount_EUR`, `invoiceCount_EUR` for each currency. `invoiceCount` and the
 * `status_*` counters stay currency-free.
 *
 * Invoices counted before currencies existed (scheme 1, no `aggregates: 2` mark on the stored item)
 * added their money to the plain `amountCents` / `spendCount` fields. Those are read as the
 * organization's default currency (see `moneyByCurrency`), and an invoice's first write under scheme 2
 * moves its contribution out of them (its before-contribution is computed with scheme 1), so both kinds
 * stay exact side by side.
 *
 * Spend by category and by property (`CATEGORY#<id|NONE>`, `PROPERTY#<id|NONE>`) follows the invoice's
 * split when it has one (core/invoices/allocations `spendShares`). Property buckets came with split
 * coding (scheme 3): an invoice last written before (`countsProperties` false) added nothing to them,
 * so its before-contribution leaves them out.
 *
 * Money (amounts, spend counts, category and property spend) counts only what is worth paying: approved
 * invoices and ready ones (PROCESSED, waiting for approval), scheme 4. An invoice in review, unreadable or
 * rejected adds no money, so one misread total cannot inflate the month before a person looks at it; the
 * ready ones' share is also kept apart (`unapprovedCents`, `unapprovedCount`, in TOTALS and the month), so
 * screens can say how much of a figure nobody approved yet. Scheme 3 and older counted every invoice that
 * was not rejected: an invoice last written before (`readyOnly` false) is taken out that way.
 *
 * The AP reports' buckets (open payables by due day, spend per property × category, bills per vendor and
 * account; `AP#…`) came with scheme 5 (report-aggregates.ts): an invoice last written before has no
 * `reports` facts and added nothing to them.
 */
export interface InvoiceFacts {
  status: InvoiceStatus;
  totalAmount: number | null;
  createdAt: string;
  vendorId: string | null;
  vendorName: string | null;
  categoryId: string | null;
  /** ISO 4217; null counts in the plain (default-currency) fields. */
  currency: string | null;
  /** A person approved or rejected it (auto-approvals are not reviews): the basis of AI accuracy. */
  reviewed: boolean;
  /** Fields the AI filled in, and which of those a reviewer changed. */
  extractedFields: readonly string[];
  correctedFields: readonly string[];
  /** Counted by scheme 1 (before currencies and reviews): only ever a *before*. */
  legacy?: boolean;
  /**
   * Where the spend is booked (property, category, cents); absent means the whole amount on
   * `categoryId` and no property.
   */
  shares?: readonly SpendShare[];
  /** Counted in the `PROPERTY#` buckets (scheme 3); false for an invoice last written before them. */
  countsProperties?: boolean;
  /** The file could not be read (its amounts are not real). */
  readFailure?: boolean;
  /**
   * Money counted only for approved and ready invoices (scheme 4); false for an invoice last written
   * before, which counted every invoice that was not rejected.
   */
  readyOnly?: boolean;
  /** What the AP reports' buckets count (scheme 5); absent for an invoice last written before them. */
  reports?: ReportFacts;
}

export type Contribution = Record<string, Record<string, number>>;

/** Statuses whose amounts are money the organization owes (scheme 4). */
const SPEND_STATUSES: readonly InvoiceStatus[] = ['APPROVED', 'PROCESSED'];

/** Spend counts for approved and ready invoices that were read; before scheme 4, unless rejected. */
function countsAsSpend(facts: InvoiceFacts): boolean {
  if (facts.totalAmount === null) return false;
  if (!facts.readyOnly) return facts.status !== 'REJECTED';
  return SPEND_STATUSES.includes(facts.status) && !facts.readFailure;
}

/** Counted as spend though nobody approved it yet: ready (PROCESSED), scheme 4. */
const awaitsApproval = (facts: InvoiceFacts) =>
  Boolean(facts.readyOnly) && facts.status === 'PROCESSED' && countsAsSpend(facts);

/** Vendors are bucketed by their id when the invoice is linked to one, else by their normalized name. */
export function vendorBucket(facts: Pick<InvoiceFacts, 'vendorId' | 'vendorName'>): string | null {
  if (facts.vendorId) return buckets.vendorIdBucket(facts.vendorId);
  const key = facts.vendorName ? vendorNameKey(facts.vendorName) : null;
  return key ? buckets.vendorNameBucket(key) : null;
}

/**
 * A vendor name as invoices and vendors are matched by: lowercase letters and digits, single spaces.
 * Null for a name with neither.
 */
export function vendorNameKey(name: string): string | null {
  const key = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  return key || null;
}

/** Scheme 1, kept to take out exactly what invoices counted before currencies added. */
function legacyContributionOf(facts: InvoiceFacts): Contribution {
  const amount = countsAsSpend(facts) ? Math.round((facts.totalAmount ?? 0) * 100) : 0;
  const spend = countsAsSpend(facts) ? 1 : 0;
  const out: Contribution = {
    TOTALS: {
      invoiceCount: 1,
      [`status_${facts.status}`]: 1,
      amountCents: amount,
      spendCount: spend,
      aiFieldsExtracted: facts.extractedFields.length,
      aiFieldsCorrected: facts.correctedFields.length,
    },
    [buckets.monthBucket(monthOf(facts.createdAt))]: {
      invoiceCount: 1,
      amountCents: amount,
      spendCount: spend,
    },
    [buckets.categoryBucket(facts.categoryId)]: { invoiceCount: spend, amountCents: amount },
  };
  const vendor = vendorBucket(facts);
  if (vendor) out[vendor] = { invoiceCount: 1, amountCents: amount, spendCount: spend };
  return out;
}

/** `amountCents_EUR`, or the plain field for an invoice without a currency. */
const inCurrency = (field: string, currency: string | null) => (currency ? `${field}_${currency}` : field);

export function contributionOf(facts: InvoiceFacts | undefined): Contribution {
  if (!facts) return {};
  if (facts.legacy) return legacyContributionOf(facts);
  const amount = countsAsSpend(facts) ? Math.round((facts.totalAmount ?? 0) * 100) : 0;
  const spend = countsAsSpend(facts) ? 1 : 0;
  const c = facts.currency;
  // Per-currency invoice counts exist only for invoices with a currency: a plain-field invoice is
  // recognised on read as invoiceCount minus the per-currency counts.
  const count = (n: number) => ({ invoiceCount: n, ...(c ? { [`invoiceCount_${c}`]: n } : {}) });
  const money = { [inCurrency('amountCents', c)]: amount, [inCurrency('spendCount', c)]: spend };
  const unapproved = awaitsApproval(facts)
    ? { [inCurrency('unapprovedCents', c)]: amount, [inCurrency('unapprovedCount', c)]: 1 }
    : {};
  const totals: Record<string, number> = {
    ...count(1),
    [`status_${facts.status}`]: 1,
    ...money,
    ...unapproved,
  };
  if (facts.reviewed && facts.extractedFields.length > 0) {
    const corrected = new Set(facts.correctedFields);
    totals.reviewedInvoices = 1;
    totals.aiFieldsChecked = facts.extractedFields.length;
    totals.aiFieldsKept = facts.extractedFields.filter((f) => !corrected.has(f)).length;
    for (const field of facts.extractedFields) {
      totals[`checked_${field}`] = 1;
      totals[`kept_${field}`] = corrected.has(field) ? 0 : 1;
    }
  }
  const out: Contribution = {
    TOTALS: totals,
    [buckets.monthBucket(monthOf(facts.createdAt))]: { ...count(1), ...money, ...unapproved },
  };
  const shares = facts.shares ?? [{ propertyId: null, categoryId: facts.categoryId, cents: amount }];
  const book = (bucket: string, cents: number) => {
    const field = inCurrency('amountCents', c);
    out[bucket] ??= { ...count(spend), [field]: 0 };
    out[bucket][field] += spend ? cents : 0;
  };
  for (const share of shares) {
    book(buckets.categoryBucket(share.categoryId), share.cents);
    if (facts.countsProperties) book(buckets.propertyBucket(share.propertyId), share.cents);
  }
  const vendor = vendorBucket(facts);
  if (vendor) out[vendor] = { ...count(1), ...money };
  if (facts.reports) Object.assign(out, reportContributionOf({ ...facts, reports: facts.reports }));
  return out;
}

/** after − before, bucket by bucket, keeping only non-zero deltas. */
export function contributionDelta(
  before: InvoiceFacts | undefined,
  after: InvoiceFacts | undefined,
): Contribution {
  const a = contributionOf(after);
  const b = contributionOf(before);
  const delta: Contribution = {};
  for (const bucket of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const fields = new Set([...Object.keys(a[bucket] ?? {}), ...Object.keys(b[bucket] ?? {})]);
    for (const field of fields) {
      const d = (a[bucket]?.[field] ?? 0) - (b[bucket]?.[field] ?? 0);
      if (d !== 0) {
        delta[bucket] ??= {};
        delta[bucket][field] = d;
      }
    }
  }
  return delta;
}

/** One bucket's money in one currency. */
export interface CurrencyFigures {
  invoiceCount: number;
  amountCents: number;
  spendCount: number;
}

const num = (v: unknown) => (Number.isFinite(Number(v)) ? Number(v) : 0);

/**
 * A bucket's figures per currency. The plain fields (invoices without a currency, and invoices
 * counted before currencies existed) belong to `defaultCurrency`; a currency appears only when the
 * bucket holds something in it.
 */
export function moneyByCurrency(
  bucket: Record<string, unknown>,
  defaultCurrency: string,
): Record<string, CurrencyFigures> {
  const out: Record<string, CurrencyFigures> = {};
  const get = (currency: string) => {
    out[currency] ??= { invoiceCount: 0, amountCents: 0, spendCount: 0 };
    return out[currency];
  };
  let countedInCurrencies = 0;
  for (const [field, value] of Object.entries(bucket)) {
    const match = /^(invoiceCount|amountCents|spendCount)_([A-Z]{3})$/.exec(field);
    if (!match || num(value) === 0) continue;
    const figures = get(match[2]);
    figures[match[1] as keyof CurrencyFigures] += num(value);
    if (match[1] === 'invoiceCount') countedInCurrencies += num(value);
  }
  const plain = {
    invoiceCount: num(bucket.invoiceCount) - countedInCurrencies,
    amountCents: num(bucket.amountCents),
    spendCount: num(bucket.spendCount),
  };
  if (plain.invoiceCount !== 0 || plain.amountCents !== 0 || plain.spendCount !== 0) {
    const figures = get(defaultCurrency);
    figures.invoiceCount += plain.invoiceCount;
    figures.amountCents += plain.amountCents;
    figures.spendCount += plain.spendCount;
  }
  return out;
}

/** Of a bucket's money, what ready invoices nobody approved yet add, per currency (plain fields: the default). */
export function unapprovedByCurrency(
  bucket: Record<string, unknown>,
  defaultCurrency: string,
): Record<string, { amountCents: number; count: number }> {
  const out: Record<string, { amountCents: number; count: number }> = {};
  for (const [field, value] of Object.entries(bucket)) {
    const match = /^unapproved(Cents|Count)(?:_([A-Z]{3}))?$/.exec(field);
    if (!match || num(value) === 0) continue;
    const currency = match[2] ?? defaultCurrency;
    out[currency] ??= { amountCents: 0, count: 0 };
    const figures = out[currency];
    if (match[1] === 'Cents') figures.amountCents += num(value);
    else figures.count += num(value);
  }
  return out;
}

/**
 * AI accuracy, 0–100 with one decimal: of the fields the AI read on invoices a person approved or
 * rejected, the share the person kept. Null until `MIN_REVIEWED_FOR_ACCURACY` (10) invoices were reviewed.
 */
export function aiAccuracy(
  totals: Record<string, unknown>,
  minReviewed = MIN_REVIEWED_FOR_ACCURACY,
): number | null {
  const checked = num(totals.aiFieldsChecked);
  if (num(totals.reviewedInvoices) < minReviewed || checked <= 0) return null;
  return percent(num(totals.aiFieldsKept), checked);
}

const percent = (part: number, whole: number) =>
  Math.round((Math.min(whole, Math.max(0, part)) / whole) * 1000) / 10;

/** Per field: how many reviewed invoices had it read by the AI, how many kept it, and the share. */
export function fieldAccuracy(
  totals: Record<string, unknown>,
  fields: readonly string[],
): { field: string; checked: number; kept: number; accuracy: number | null }[] {
  return fields.map((field) => {
    const checked = num(totals[`checked_${field}`]);
    const kept = num(totals[`kept_${field}`]);
    return { field, checked, kept, accuracy: checked > 0 ? percent(kept, checked) : null };
  });
}

/** The names an invoice's buckets show in analytics (its vendor's and category's), as of this write. */
export function aggregateLabels(
  item:
    | (Pick<InvoiceFacts, 'vendorId' | 'vendorName'> & {
        categoryId: string | null;
        categoryName?: string | null;
      })
    | undefined,
): Record<string, string> {
  if (!item) return {};
  const labels: Record<string, string> = {};
  const vendor = vendorBucket(item);
  if (vendor && item.vendorName) labels[vendor] = item.vendorName;
  if (item.categoryName) labels[buckets.categoryBucket(item.categoryId)] = item.categoryName;
  return labels;
}

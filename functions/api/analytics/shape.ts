import { TOP_VENDORS } from '../../../shared/constants';
import { INVOICE_FIELD_LABELS } from '../../../shared/invoice-fields';
import type { Analytics } from '../../../shared/schemas';
import { keys } from '../../adapters/dynamodb/keys';
import {
  aiAccuracy,
  fieldAccuracy,
  moneyByCurrency,
  unapprovedByCurrency,
} from '../../core/invoices/aggregates';
import { EXTRACTED_FIELDS } from '../../core/invoices/fields';

/**
 * One aggregate item as read from the table (`STATS#<bucket>`), fields as numbers or text: plain
 * `invoiceCount` / `amountCents` / `spendCount` and their per-currency `…_EUR` forms.
 */
export interface Bucket {
  bucket: string;
  invoiceCount?: unknown;
  amountCents?: unknown;
  spendCount?: unknown;
  label?: unknown;
  [field: string]: unknown;
}

export interface AnalyticsInput {
  totals: Bucket;
  /** `VENDOR#ID#…` and `VENDOR#NAME#…` buckets. */
  vendors: Bucket[];
  /** `CATEGORY#<id|NONE>` buckets. */
  categories: Bucket[];
  /** `MONTH#yyyy-mm` buckets (any months; only the last 12 are shown). */
  months: Bucket[];
  /** Known vendors: their current names, and the normalized name whose bucket also belongs to them. */
  knownVendors: { id: string; name: string; nameKey: string | null }[];
  /** Category names by id. */
  categoryNames: Record<string, string>;
  /** `PROPERTY#<id|NONE>` buckets (split coding books each share on its property). */
  properties?: Bucket[];
  /** Property names by id. */
  propertyNames?: Record<string, string>;
  /** `yyyy-mm` of the current month. */
  currentMonth: string;
  /** The organization's default currency: the spec's fields are in it. */
  defaultCurrency?: string;
}

const num = (v: unknown) => (Number.isFinite(Number(v)) ? Number(v) : 0);
const dollars = (cents: number) => Math.round(cents) / 100;

/** The 12 months ending with `current`, oldest first (`yyyy-mm`). */
export function lastMonths(current: string, count = 12): string[] {
  const [year, month] = current.split('-').map(Number);
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(year, month - 1 - i, 1));
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return out;
}

/** The bucket's figures in one currency, in the plain fields the shaping reads. */
function inCurrency(b: Bucket, currency: string, defaultCurrency: string): Bucket {
  const figures = moneyByCurrency(b, defaultCurrency)[currency];
  const unapproved = unapprovedByCurrency(b, defaultCurrency)[currency];
  return {
    bucket: b.bucket,
    label: b.label,
    invoiceCount: figures?.invoiceCount ?? 0,
    amountCents: figures?.amountCents ?? 0,
    spendCount: figures?.spendCount ?? 0,
    unapprovedCents: unapproved?.amountCents ?? 0,
    unapprovedCount: unapproved?.count ?? 0,
  };
}

/**
 * The analytics answer: the spec's figures in the organization's default currency, the same figures
 * for every currency in `byCurrency` (never summed across currencies), and the AI accuracy measured
 * over reviewed invoices, overall and per field.
 */
export function shapeAnalytics(input: AnalyticsInput): Analytics {
  const defaultCurrency = input.defaultCurrency ?? 'USD';
  const currencies = [
    ...new Set([defaultCurrency, ...Object.keys(moneyByCurrency(input.totals, defaultCurrency))]),
  ].sort();
  const byCurrency = Object.fromEntries(
    currencies.map((currency) => {
      const project = (buckets: Bucket[]) => buckets.map((b) => inCurrency(b, currency, defaultCurrency));
      const figures = shapeFigures({
        ...input,
        totals: inCurrency(input.totals, currency, defaultCurrency),
        vendors: project(input.vendors),
        categories: project(input.categories),
        properties: project(input.properties ?? []),
        months: project(input.months),
      });
      return [currency, figures];
    }),
  );
  return {
    ...byCurrency[defaultCurrency],
    currency: defaultCurrency,
    byCurrency,
    aiAccuracy: aiAccuracy(input.totals),
    reviewedInvoices: num(input.totals.reviewedInvoices),
    fieldAccuracy: fieldAccuracy(input.totals, EXTRACTED_FIELDS).map((f) => ({
      ...f,
      label: INVOICE_FIELD_LABELS[f.field] ?? f.field,
    })),
  };
}

/**
 * Shapes one currency's analytics figures from aggregate buckets only. Money is approved and ready
 * invoices only (core/invoices/aggregates), and how much of it awaits approval is said beside it. A known vendor's totals are the sum of its
 * id bucket (invoices linked to it) and its name bucket (invoices that only name it), the same figures
 * the vendor list shows. Percentages are of the total spend and are rounded to one decimal.
 */
function shapeFigures(input: AnalyticsInput): Analytics['byCurrency'][string] {
  const totalCents = num(input.totals.amountCents);
  const spendCount = num(input.totals.spendCount);

  const byId = new Map(input.knownVendors.map((v) => [v.id, v]));
  const byNameKey = new Map(input.knownVendors.filter((v) => v.nameKey).map((v) => [v.nameKey as string, v]));
  const groups = new Map<string, { name: string; invoiceCount: number; cents: number }>();
  for (const b of input.vendors) {
    let groupKey: string;
    let name: string;
    if (b.bucket.startsWith(keys.vendorIdBucketPrefix)) {
      const id = b.bucket.slice(keys.vendorIdBucketPrefix.length);
      const known = byId.get(id);
      groupKey = `id:${id}`;
      name = known?.name ?? (typeof b.label === 'string' && b.label ? b.label : 'Unknown Vendor');
    } else {
      const key = b.bucket.slice(keys.vendorNameBucketPrefix.length);
      const known = byNameKey.get(key);
      groupKey = known ? `id:${known.id}` : `name:${key}`;
      name = known?.name ?? (typeof b.label === 'string' && b.label ? b.label : key);
    }
    const group = groups.get(groupKey) ?? { name, invoiceCount: 0, cents: 0 };
    // A known vendor is always shown under its current name.
    if (groupKey.startsWith('id:') && byId.has(groupKey.slice(3))) group.name = name;
    group.invoiceCount += num(b.invoiceCount);
    group.cents += num(b.amountCents);
    groups.set(groupKey, group);
  }
  const topVendors = [...groups.values()]
    .filter((g) => g.invoiceCount > 0)
    .sort((a, b) => b.cents - a.cents || b.invoiceCount - a.invoiceCount || a.name.localeCompare(b.name))
    .slice(0, TOP_VENDORS)
    .map((g) => ({ name: g.name, invoiceCount: g.invoiceCount, totalAmount: dollars(g.cents) }));

  const categoryBreakdown = breakdown(input.categories, keys.categoryBucketPrefix, (id, label) =>
    id === 'NONE' ? 'Uncategorized' : (input.categoryNames[id] ?? label ?? id),
  ).map(({ id: _id, name, ...figures }) => ({ categoryName: name, ...figures }));
  const propertyBreakdown = breakdown(input.properties ?? [], keys.propertyBucketPrefix, (id) =>
    id === 'NONE' ? 'No property' : (input.propertyNames?.[id] ?? 'Deleted property'),
  ).map(({ id, name, ...figures }) => ({
    propertyId: id === 'NONE' ? null : id,
    propertyName: name,
    ...figures,
  }));

  const monthBuckets = new Map(input.months.map((b) => [b.bucket.slice(keys.monthBucketPrefix.length), b]));
  const monthlyTrends = lastMonths(input.currentMonth).map((month) => {
    const b = monthBuckets.get(month);
    return { month, invoiceCount: num(b?.invoiceCount), totalAmount: dollars(num(b?.amountCents)) };
  });

  return {
    totalInvoices: num(input.totals.invoiceCount),
    totalAmount: dollars(totalCents),
    averageAmount: spendCount > 0 ? Math.round(totalCents / spendCount) / 100 : 0,
    awaitingApprovalAmount: dollars(num(input.totals.unapprovedCents)),
    awaitingApprovalCount: num(input.totals.unapprovedCount),
    topVendors,
    categoryBreakdown,
    monthlyTrends,
    propertyBreakdown,
  };
}

/**
 * Spend per bucket of one kind (categories, properties), largest first, with each one's share of their
 * sum (one decimal). Buckets that hold nothing are left out.
 */
function breakdown(
  buckets: Bucket[],
  prefix: string,
  nameOf: (id: string, label: string | undefined) => string,
) {
  const spend = buckets.reduce((sum, b) => sum + Math.max(0, num(b.amountCents)), 0);
  return buckets
    .filter((b) => num(b.invoiceCount) > 0 || num(b.amountCents) > 0)
    .map((b) => {
      const id = b.bucket.slice(prefix.length);
      const cents = num(b.amountCents);
      return {
        id,
        name: nameOf(id, typeof b.label === 'string' && b.label ? b.label : undefined),
        percentage: spend > 0 ? Math.round((cents / spend) * 1000) / 10 : 0,
        totalAmount: dollars(cents),
        invoiceCount: num(b.invoiceCount),
      };
    })
    .sort((a, b) => b.totalAmount - a.totalAmount || a.name.localeCompare(b.name));
}

import { TOP_VENDORS } from '../../../shared/constants';
import type { Analytics } from '../../../shared/schemas';

/** One aggregate item as read from the table (`STATS#<bucket>`), fields as numbers or text. */
export interface Bucket {
  bucket: string;
  invoiceCount?: unknown;
  amountCents?: unknown;
  spendCount?: unknown;
  label?: unknown;
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
  /** `yyyy-mm` of the current month. */
  currentMonth: string;
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

/**
 * Shapes the analytics answer from aggregate buckets only. A known vendor's totals are the sum of its
 * id bucket (invoices linked to it) and its name bucket (invoices that only name it), the same figures
 * the vendor list shows. Percentages are of the total spend and are rounded to one decimal.
 */
export function shapeAnalytics(input: AnalyticsInput): Analytics {
  const totalCents = num(input.totals.amountCents);
  const spendCount = num(input.totals.spendCount);

  const byId = new Map(input.knownVendors.map((v) => [v.id, v]));
  const byNameKey = new Map(input.knownVendors.filter((v) => v.nameKey).map((v) => [v.nameKey as string, v]));
  const groups = new Map<string, { name: string; invoiceCount: number; cents: number }>();
  for (const b of input.vendors) {
    let groupKey: string;
    let name: string;
    if (b.bucket.startsWith('VENDOR#ID#')) {
      const id = b.bucket.slice('VENDOR#ID#'.length);
      const known = byId.get(id);
      groupKey = `id:${id}`;
      name = known?.name ?? (typeof b.label === 'string' && b.label ? b.label : 'Unknown Vendor');
    } else {
      const key = b.bucket.slice('VENDOR#NAME#'.length);
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

  const categorySpend = input.categories.reduce((sum, b) => sum + Math.max(0, num(b.amountCents)), 0);
  const categoryBreakdown = input.categories
    .filter((b) => num(b.invoiceCount) > 0 || num(b.amountCents) > 0)
    .map((b) => {
      const id = b.bucket.slice('CATEGORY#'.length);
      const categoryName =
        id === 'NONE'
          ? 'Uncategorized'
          : (input.categoryNames[id] ?? (typeof b.label === 'string' && b.label ? b.label : id));
      const cents = num(b.amountCents);
      return {
        categoryName,
        percentage: categorySpend > 0 ? Math.round((cents / categorySpend) * 1000) / 10 : 0,
        totalAmount: dollars(cents),
        invoiceCount: num(b.invoiceCount),
      };
    })
    .sort((a, b) => b.totalAmount - a.totalAmount || a.categoryName.localeCompare(b.categoryName));

  const monthBuckets = new Map(input.months.map((b) => [b.bucket.slice('MONTH#'.length), b]));
  const monthlyTrends = lastMonths(input.currentMonth).map((month) => {
    const b = monthBuckets.get(month);
    return { month, invoiceCount: num(b?.invoiceCount), totalAmount: dollars(num(b?.amountCents)) };
  });

  return {
    totalInvoices: num(input.totals.invoiceCount),
    totalAmount: dollars(totalCents),
    averageAmount: spendCount > 0 ? Math.round(totalCents / spendCount) / 100 : 0,
    topVendors,
    categoryBreakdown,
    monthlyTrends,
  };
}

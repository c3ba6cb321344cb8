import type { SpendPerDoorReport } from '../../../shared/schemas';
import { badInput } from '../errors/app-error';
import { AGGREGATE_BUCKETS as buckets } from '../invoices/aggregate-buckets';
import {
  addMonths,
  type BucketItem,
  CATEGORY_WORDS,
  currencyOrder,
  idOf,
  money,
  monthsBetween,
  nameOf,
  PROPERTY_WORDS,
  sumFields,
} from './fields';

/**
 * Spend per door: per property, the approved invoices' amounts in the months asked (by invoice month;
 * a split invoice counts each share on its property and category), divided by the property's units. Read
 * from one spend bucket per month (core/invoices/report-aggregates), so a year is 12 items.
 */

/** How many months one report spans at most (a longer range is refused, so a read stays bounded). */
export const MAX_SPEND_MONTHS = 120;
/** The default range, and the range from one given end. */
const DEFAULT_MONTHS = 12;

/** The months of `?from&to`: the last 12 months to `to` (this month by default), or 12 from `from`. */
export function spendMonths(query: { from?: string; to?: string }, currentMonth: string) {
  const to = query.to ?? (query.from ? addMonths(query.from, DEFAULT_MONTHS - 1) : currentMonth);
  const from = query.from ?? addMonths(to, -(DEFAULT_MONTHS - 1));
  const months = monthsBetween(from, to);
  if (months.length > MAX_SPEND_MONTHS)
    throw badInput(`Choose at most ${MAX_SPEND_MONTHS / 12} years of months`, [
      { path: 'to', message: `Choose at most ${MAX_SPEND_MONTHS / 12} years of months` },
    ]);
  return { from, to, buckets: months.map(buckets.spendMonthBucket) };
}

export interface SpendPerDoorInput {
  from: string;
  to: string;
  /** The spend buckets of the months from `from` to `to`. */
  items: readonly BucketItem[];
  defaultCurrency: string;
  properties: readonly { id: string; name: string; units: number | null }[];
  categoryNames: Readonly<Record<string, string>>;
}

/** Per door, in cents rounded to the cent; null without units. */
const perDoor = (cents: number, units: number | null) => (units ? money(cents / units) : null);

export function spendPerDoorReport(input: SpendPerDoorInput): SpendPerDoorReport {
  const fields = sumFields(input.items, input.defaultCurrency);
  // currency → property → category → cents
  const sums = new Map<string, Map<string, Map<string, number>>>();
  for (const [field, cents] of fields) {
    const [kind, currency, property, category] = field.split('|');
    if (kind !== 's' || cents === 0) continue;
    const byProperty = sums.get(currency) ?? new Map<string, Map<string, number>>();
    const byCategory = byProperty.get(property) ?? new Map<string, number>();
    byCategory.set(category, (byCategory.get(category) ?? 0) + cents);
    byProperty.set(property, byCategory);
    sums.set(currency, byProperty);
  }
  const properties = new Map(input.properties.map((p) => [p.id, p]));
  const propertyNames = Object.fromEntries(input.properties.map((p) => [p.id, p.name]));
  return {
    from: input.from,
    to: input.to,
    currencies: [...sums.keys()].sort(currencyOrder(input.defaultCurrency)).map((currency) => ({
      currency,
      rows: [...(sums.get(currency) ?? new Map<string, Map<string, number>>())]
        .map(([property, byCategory]) => {
          const units = properties.get(property)?.units ?? null;
          const totalCents = [...byCategory.values()].reduce((a, b) => a + b, 0);
          return {
            propertyId: idOf(property),
            propertyName: nameOf(propertyNames, property, PROPERTY_WORDS),
            units,
            total: money(totalCents),
            perDoor: perDoor(totalCents, units),
            byCategory: [...byCategory]
              .map(([category, cents]) => ({
                categoryId: idOf(category),
                categoryName: nameOf(input.categoryNames, category, CATEGORY_WORDS),
                amount: money(cents),
                perDoor: perDoor(cents, units),
              }))
              .sort((a, b) => b.amount - a.amount || a.categoryName.localeCompare(b.categoryName)),
          };
        })
        .sort((a, b) => b.total - a.total || a.propertyName.localeCompare(b.propertyName)),
    })),
  };
}

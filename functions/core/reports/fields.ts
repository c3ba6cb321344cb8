import { NONE } from '../invoices/report-aggregates';

/**
 * What the AP reports share: calendar arithmetic on `YYYY-MM-DD` and `YYYY-MM` (UTC, no time of day),
 * summing aggregate items field by field, and the names rows show.
 */

/** An aggregate item as read: its counters (and a label, a bucket name and keys, ignored here). */
export type BucketItem = Record<string, unknown>;
export type Fields = Map<string, number>;

export const addDays = (day: string, days: number): string => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

export const addMonths = (month: string, months: number): string => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 7);
};

/** Every month from `from` to `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let month = from; month <= to; month = addMonths(month, 1)) out.push(month);
  return out;
}

export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * The report fields of some bucket items, summed (`sign` -1 takes them away from `into`). The currency
 * `-` (invoices stored without one) is read as the organization's default, so both add up together.
 */
export function sumFields(
  items: readonly BucketItem[],
  defaultCurrency: string,
  into: Fields = new Map(),
  sign = 1,
) {
  for (const item of items) {
    for (const [field, value] of Object.entries(item)) {
      const parts = field.split('|');
      const n = Number(value);
      if (parts.length < 2 || !Number.isFinite(n) || n === 0) continue;
      if (parts[1] === NONE) parts[1] = defaultCurrency;
      const key = parts.join('|');
      into.set(key, (into.get(key) ?? 0) + sign * n);
    }
  }
  return into;
}

/** `a − b`, field by field. */
export function minus(a: Fields, b: Fields): Fields {
  const out = new Map(a);
  for (const [key, value] of b) out.set(key, (out.get(key) ?? 0) - value);
  return out;
}

/** `a + b`, field by field. */
export function plus(a: Fields, b: Fields): Fields {
  const out = new Map(a);
  for (const [key, value] of b) out.set(key, (out.get(key) ?? 0) + value);
  return out;
}

/** The currencies (and, with `kind`, the keys after them) that fields of `kind` name. */
export function keysOf(fields: Iterable<Fields>, kind: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const map of fields) {
    for (const [key, value] of map) {
      if (value === 0) continue;
      const parts = key.split('|');
      if (parts[0] !== kind) continue;
      const set = out.get(parts[1]) ?? new Set<string>();
      if (parts.length > 2) set.add(parts.slice(2).join('|'));
      out.set(parts[1], set);
    }
  }
  return out;
}

/** The organization's default currency first, then the others alphabetically. */
export const currencyOrder = (defaultCurrency: string) => (a: string, b: string) =>
  a === b ? 0 : a === defaultCurrency ? -1 : b === defaultCurrency ? 1 : a.localeCompare(b);

export const money = (cents: number) => Math.round(cents) / 100;

/** What a row shows for an id: its name, "none" for the `-` key, or that it was deleted since. */
export function nameOf(
  names: Readonly<Record<string, string>>,
  key: string,
  words: { none: string; deleted: string },
): string {
  if (key === NONE) return words.none;
  return names[key] ?? words.deleted;
}

export const idOf = (key: string): string | null => (key === NONE ? null : key);

export const VENDOR_WORDS = { none: 'No vendor', deleted: 'Deleted vendor' };
export const PROPERTY_WORDS = { none: 'No property', deleted: 'Deleted property' };
export const CATEGORY_WORDS = { none: 'Uncategorized', deleted: 'Deleted category' };

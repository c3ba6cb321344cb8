import type { AgingBuckets, AgingReport, CashRequirementsReport } from '../../../shared/schemas';
import { AGGREGATE_BUCKETS as buckets } from '../invoices/aggregate-buckets';
import { FIELDS } from '../invoices/report-aggregates';
import {
  addDays,
  type BucketItem,
  currencyOrder,
  type Fields,
  idOf,
  keysOf,
  minus,
  money,
  monthsBetween,
  nameOf,
  PROPERTY_WORDS,
  plus,
  sumFields,
  VENDOR_WORDS,
} from './fields';

/**
 * Aging and cash requirements: open payables (approved, not paid) by how far past due they are on
 * `asOf`, and what falls due in the next days. Both are read from the due-date buckets
 * (core/invoices/report-aggregates): a range of days from the week buckets inside it and the day buckets
 * at its ends; what fell due before a day from the years, the months of its year and the days (weeks) of
 * its month before it; what is due after all of that as all open payables less the rest. Aging reads
 * about 60 items and one query of the year buckets, cash requirements about 40, whatever the number of
 * invoices.
 */

/** The oldest aging bucket before "over 90": its first day is `asOf` − 90. */
const OLDEST_DAYS = 90;
/** The longest cash window: next 30 days. */
const CASH_DAYS = 30;

/** Is `day` a Monday (UTC)? */
const isMonday = (day: string) => new Date(`${day}T00:00:00.000Z`).getUTCDay() === 1;

/** The buckets that add up to the days from `from` to `to`: whole weeks inside it, single days around them. */
export function cover(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; ) {
    if (isMonday(day) && addDays(day, 6) <= to) {
      out.push(buckets.dueWeekBucket(day));
      day = addDays(day, 7);
    } else {
      out.push(buckets.dueDayBucket(day));
      day = addDays(day, 1);
    }
  }
  return out;
}

/** The buckets of what fell due before `day` besides the year buckets (those are listed whole). */
function beforeBuckets(day: string): string[] {
  const month = day.slice(0, 7);
  return [
    ...monthsBetween(`${day.slice(0, 4)}-01`, month)
      .slice(0, -1)
      .map(buckets.dueMonthBucket),
    ...cover(`${month}-01`, addDays(day, -1)),
  ];
}

const agingRanges = (asOf: string): [string, string][] => [
  [addDays(asOf, -90), addDays(asOf, -61)],
  [addDays(asOf, -60), addDays(asOf, -31)],
  [addDays(asOf, -30), addDays(asOf, -1)],
];
const cashRanges = (asOf: string): [string, string][] =>
  [7, 14, CASH_DAYS].map((days) => [asOf, addDays(asOf, days - 1)]);

/** The buckets aging reads on `asOf`, beside every due-year bucket (`dueYearBucketPrefix`). */
export const agingBuckets = (asOf: string) => [
  buckets.dueAllBucket,
  ...beforeBuckets(addDays(asOf, -OLDEST_DAYS)),
  ...agingRanges(asOf).flatMap(([from, to]) => cover(from, to)),
];

/** The buckets cash requirements reads on `asOf`, beside every due-year bucket. */
export const cashBuckets = (asOf: string) => [
  buckets.dueAllBucket,
  ...beforeBuckets(asOf),
  ...cashRanges(asOf).flatMap(([from, to]) => cover(from, to)),
];

export interface PayablesInput {
  asOf: string;
  /** The items of `agingBuckets(asOf)` (or `cashBuckets`) and every due-year bucket; missing ones are empty. */
  items: readonly (BucketItem & { bucket: string })[];
  defaultCurrency: string;
  vendorNames: Readonly<Record<string, string>>;
  propertyNames: Readonly<Record<string, string>>;
}

function byName(input: PayablesInput) {
  return new Map(input.items.map((item) => [item.bucket, item]));
}

const sumOf = (input: PayablesInput, names: readonly string[]) => {
  const items = byName(input);
  return sumFields(
    names.flatMap((name) => items.get(name) ?? []),
    input.defaultCurrency,
  );
};

/** Open payables due on the days from `from` to `to`. */
const dueBetween = (input: PayablesInput, from: string, to: string): Fields => sumOf(input, cover(from, to));

/** Open payables due before `day`: earlier years, earlier months of its year, earlier days of its month. */
function dueBefore(input: PayablesInput, day: string): Fields {
  const years = input.items.filter(
    (i) =>
      i.bucket.startsWith(buckets.dueYearBucketPrefix) &&
      i.bucket.slice(buckets.dueYearBucketPrefix.length) < day.slice(0, 4),
  );
  return plus(sumFields(years, input.defaultCurrency), sumOf(input, beforeBuckets(day)));
}

const allOpen = (input: PayablesInput) => sumOf(input, [buckets.dueAllBucket]);

type Dim = { count: (cur: string) => string; cents: (cur: string) => string };
const total: Dim = { count: FIELDS.count, cents: FIELDS.cents };
const vendorDim = (key: string): Dim => ({
  count: (cur) => FIELDS.vendorCount(cur, key),
  cents: (cur) => FIELDS.vendorCents(cur, key),
});
const propertyDim = (key: string): Dim => ({
  count: (cur) => FIELDS.propertyCount(cur, key),
  cents: (cur) => FIELDS.propertyCents(cur, key),
});

const cents = (fields: Fields, dim: Dim, cur: string) => fields.get(dim.cents(cur)) ?? 0;
const count = (fields: Fields, dim: Dim, cur: string) => fields.get(dim.count(cur)) ?? 0;

const byTotal = <T extends { total: number; name: string }>(a: T, b: T) =>
  b.total - a.total || a.name.localeCompare(b.name);

export function agingReport(input: PayablesInput): AgingReport {
  const { asOf } = input;
  const all = allOpen(input);
  const over90 = dueBefore(input, addDays(asOf, -OLDEST_DAYS));
  const [days61to90, days31to60, days1to30] = agingRanges(asOf).map(([from, to]) =>
    dueBetween(input, from, to),
  );
  const current = [over90, days61to90, days31to60, days1to30].reduce(minus, all);
  const periods = { current, days1to30, days31to60, days61to90, over90 };
  const bucketsOf = (dim: Dim, cur: string): AgingBuckets => {
    const sums = Object.fromEntries(
      Object.entries(periods).map(([name, fields]) => [name, cents(fields, dim, cur)]),
    ) as Record<keyof typeof periods, number>;
    const totalCents = Object.values(sums).reduce((a, b) => a + b, 0);
    return {
      current: money(sums.current),
      days1to30: money(sums.days1to30),
      days31to60: money(sums.days31to60),
      days61to90: money(sums.days61to90),
      over90: money(sums.over90),
      total: money(totalCents),
      invoiceCount: count(all, dim, cur),
    };
  };
  const vendorKeys = keysOf([all], 'vn');
  const propertyKeys = keysOf([all], 'pn');
  const currencies = [...keysOf([all], 'n').keys()].sort(currencyOrder(input.defaultCurrency));
  return {
    asOf,
    currencies: currencies.map((currency) => ({
      currency,
      totals: bucketsOf(total, currency),
      byVendor: [...(vendorKeys.get(currency) ?? [])]
        .map((key) => {
          const name = nameOf(input.vendorNames, key, VENDOR_WORDS);
          return { vendorId: idOf(key), vendorName: name, name, ...bucketsOf(vendorDim(key), currency) };
        })
        .sort(byTotal)
        .map(({ name: _name, ...row }) => row),
      byProperty: [...(propertyKeys.get(currency) ?? [])]
        .map((key) => {
          const name = nameOf(input.propertyNames, key, PROPERTY_WORDS);
          return {
            propertyId: idOf(key),
            propertyName: name,
            name,
            ...bucketsOf(propertyDim(key), currency),
          };
        })
        .sort(byTotal)
        .map(({ name: _name, ...row }) => row),
    })),
  };
}

export function cashRequirementsReport(input: PayablesInput): CashRequirementsReport {
  const { asOf } = input;
  const all = allOpen(input);
  const [next7, next14, next30] = cashRanges(asOf).map(([from, to]) => dueBetween(input, from, to));
  const windows = { overdue: dueBefore(input, asOf), next7, next14, next30 };
  const windowsOf = (dim: Dim, cur: string) => ({
    overdue: money(cents(windows.overdue, dim, cur)),
    next7: money(cents(windows.next7, dim, cur)),
    next14: money(cents(windows.next14, dim, cur)),
    next30: money(cents(windows.next30, dim, cur)),
  });
  const propertyKeys = keysOf([all], 'pn');
  const currencies = [...keysOf([all], 'n').keys()].sort(currencyOrder(input.defaultCurrency));
  return {
    asOf,
    currencies: currencies.map((currency) => ({
      currency,
      totals: windowsOf(total, currency),
      byProperty: [...(propertyKeys.get(currency) ?? [])]
        .map((key) => ({
          propertyId: idOf(key),
          propertyName: nameOf(input.propertyNames, key, PROPERTY_WORDS),
          ...windowsOf(propertyDim(key), currency),
        }))
        .sort(
          (a, b) =>
            b.next30 + b.overdue - (a.next30 + a.overdue) || a.propertyName.localeCompare(b.propertyName),
        ),
    })),
  };
}

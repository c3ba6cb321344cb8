import { describe, expect, it } from 'vitest';
import type { InvoiceStatus } from '../../../shared/schemas';
import { AGGREGATE_BUCKETS as buckets } from '../invoices/aggregate-buckets';
import { contributionDelta } from '../invoices/aggregates';
import { type ReportedInvoice, reportContributionOf } from '../invoices/report-aggregates';
import { addDays } from './fields';
import { agingBuckets, agingReport, cashBuckets, cashRequirementsReport, cover } from './payables';
import {
  LOOKBACK_MONTHS,
  MIN_MONTHS_BILLED,
  medianCents,
  recurringBillsReport,
  recurringMonths,
  UNUSUALLY_HIGH_RATIO,
} from './recurring';
import { spendMonths, spendPerDoorReport } from './spend-per-door';

/** Invoices as the reports' buckets see them, summed into bucket items as the table's ADDs do. */
type Inv = ReportedInvoice & { id: number };

function store(invoices: readonly Inv[]) {
  const items = new Map<string, Record<string, number>>();
  for (const invoice of invoices) {
    for (const [bucket, fields] of Object.entries(reportContributionOf(invoice))) {
      const item = items.get(bucket) ?? {};
      for (const [field, value] of Object.entries(fields)) item[field] = (item[field] ?? 0) + value;
      items.set(bucket, item);
    }
  }
  return items;
}

/** The items a handler reads: the named buckets that exist, and every due-year bucket. */
const read = (items: Map<string, Record<string, number>>, names: readonly string[]) => [
  ...names.filter((n) => items.has(n)).map((bucket) => ({ ...items.get(bucket), bucket })),
  ...[...items]
    .filter(([bucket]) => bucket.startsWith(buckets.dueYearBucketPrefix))
    .map(([bucket, item]) => ({ ...item, bucket })),
];

const VENDORS = ['V1', 'V2', 'V3', null];
const PROPERTIES = ['P1', 'P2', null];
const STATUSES: InvoiceStatus[] = ['APPROVED', 'APPROVED', 'APPROVED', 'PROCESSED', 'REJECTED'];
const AS_OF = '2026-05-15';

/** A spread of invoices: due from a year before to two months after AS_OF, some paid, some split. */
function invoices(): Inv[] {
  return Array.from({ length: 400 }, (_, id) => {
    const cents = ((id * 7919) % 90_000) - 5_000; // some credit notes
    const split = id % 7 === 0;
    const property = PROPERTIES[id % 3];
    return {
      id,
      status: STATUSES[id % STATUSES.length],
      totalAmount: cents / 100,
      vendorId: VENDORS[id % 4],
      categoryId: id % 5 === 0 ? null : `C${id % 3}`,
      currency: id % 6 === 0 ? 'EUR' : id % 11 === 0 ? null : 'USD',
      shares: split
        ? [
            { propertyId: 'P1', categoryId: 'C1', cents: Math.trunc(cents / 3) },
            { propertyId: 'P2', categoryId: null, cents: cents - Math.trunc(cents / 3) },
          ]
        : [{ propertyId: property, categoryId: id % 5 === 0 ? null : `C${id % 3}`, cents }],
      reports: {
        dueOn: addDays(AS_OF, ((id * 37) % 430) - 365),
        billedMonth: addDays(AS_OF, -((id * 13) % 240)).slice(0, 7),
        paidOn: id % 4 === 1 ? '2026-05-01' : null,
        accountNumber: id % 8 === 0 ? `ACC-${id % 16}` : null,
      },
    };
  });
}

const currencyOf = (i: Inv) => i.currency ?? 'USD';
const open = (i: Inv) => i.status === 'APPROVED' && !i.reports.paidOn && i.totalAmount !== null;
const cents = (i: Inv) => Math.round((i.totalAmount ?? 0) * 100);
const daysPastDue = (i: Inv, asOf: string) =>
  Math.round((Date.parse(asOf) - Date.parse(i.reports.dueOn)) / 86_400_000);
const sum = (list: readonly Inv[], of: (i: Inv) => number = cents) =>
  Math.round(list.reduce((a, i) => a + of(i), 0)) / 100;
const propertyCents = (i: Inv, p: string | null) =>
  (i.shares ?? []).filter((s) => s.propertyId === p).reduce((a, s) => a + s.cents, 0);

describe('aging and cash requirements', () => {
  const all = invoices();
  const items = store(all);
  const input = (asOf: string, plan: (asOf: string) => string[]) => ({
    asOf,
    items: read(items, plan(asOf)),
    defaultCurrency: 'USD',
    vendorNames: { V1: 'Acme', V2: 'Bolt' },
    propertyNames: { P1: 'Maple Court', P2: 'Oak Terrace' },
  });

  it.each([AS_OF, '2026-01-10', '2026-03-31', '2027-02-01'])(
    'answers what a brute-force pass over the invoices does, to the cent, as of %s',
    (asOf) => {
      // Each report from only the buckets it reads.
      const aging = agingReport(input(asOf, agingBuckets));
      const cash = cashRequirementsReport(input(asOf, cashBuckets));
      // The default currency first, then the others alphabetically.
      const currencies = [...new Set(all.filter(open).map(currencyOf))].sort((a, b) =>
        a === 'USD' ? -1 : b === 'USD' ? 1 : a.localeCompare(b),
      );
      expect(aging.currencies.map((c) => c.currency)).toEqual(currencies);
      for (const block of aging.currencies) {
        const mine = all.filter((i) => open(i) && currencyOf(i) === block.currency);
        const past = (i: Inv) => daysPastDue(i, asOf);
        const buckets = (list: Inv[], of: (i: Inv) => number = cents) => ({
          current: sum(
            list.filter((i) => past(i) <= 0),
            of,
          ),
          days1to30: sum(
            list.filter((i) => past(i) >= 1 && past(i) <= 30),
            of,
          ),
          days31to60: sum(
            list.filter((i) => past(i) >= 31 && past(i) <= 60),
            of,
          ),
          days61to90: sum(
            list.filter((i) => past(i) >= 61 && past(i) <= 90),
            of,
          ),
          over90: sum(
            list.filter((i) => past(i) > 90),
            of,
          ),
          total: sum(list, of),
          invoiceCount: list.length,
        });
        expect(block.totals).toEqual(buckets(mine));
        for (const row of block.byVendor)
          expect(row).toMatchObject(buckets(mine.filter((i) => i.vendorId === row.vendorId)));
        expect(block.byVendor.map((r) => r.vendorId).sort()).toEqual(
          [...new Set(mine.map((i) => i.vendorId))].sort(),
        );
        const names = Object.fromEntries(block.byVendor.map((r) => [String(r.vendorId), r.vendorName]));
        expect(names).toMatchObject(
          Object.fromEntries(
            mine.map((i) => [
              String(i.vendorId),
              { V1: 'Acme', V2: 'Bolt', V3: 'Deleted vendor' }[i.vendorId ?? ''] ?? 'No vendor',
            ]),
          ),
        );
        for (const row of block.byProperty) {
          const on = mine.filter((i) => (i.shares ?? []).some((s) => s.propertyId === row.propertyId));
          expect(row).toMatchObject(buckets(on, (i) => propertyCents(i, row.propertyId)));
        }
        const totals = block.byVendor.map((r) => r.total);
        expect(totals).toEqual([...totals].sort((a, b) => b - a));

        const cashBlock = cash.currencies.find((c) => c.currency === block.currency);
        const dueIn = (i: Inv) => -past(i);
        expect(cashBlock?.totals).toEqual({
          overdue: sum(mine.filter((i) => past(i) > 0)),
          next7: sum(mine.filter((i) => dueIn(i) >= 0 && dueIn(i) < 7)),
          next14: sum(mine.filter((i) => dueIn(i) >= 0 && dueIn(i) < 14)),
          next30: sum(mine.filter((i) => dueIn(i) >= 0 && dueIn(i) < 30)),
        });
        for (const row of cashBlock?.byProperty ?? []) {
          const of = (i: Inv) => propertyCents(i, row.propertyId);
          expect(row.next30).toBe(
            sum(
              mine.filter((i) => dueIn(i) >= 0 && dueIn(i) < 30),
              of,
            ),
          );
          expect(row.overdue).toBe(
            sum(
              mine.filter((i) => past(i) > 0),
              of,
            ),
          );
        }
      }
    },
  );

  it('reads a bounded number of buckets whatever the date: whole weeks, days around them', () => {
    for (let asOf = '2026-01-01'; asOf <= '2026-12-31'; asOf = addDays(asOf, 1)) {
      // Months of the year before, up to 4 weeks and 12 days per 30 days (aging's 3 ranges, the month before).
      expect(agingBuckets(asOf).length).toBeLessThanOrEqual(1 + 11 + 4 * 16);
      expect(cashBuckets(asOf).length).toBeLessThanOrEqual(1 + 11 + 16 + 6 + 13 + 16);
    }
    // 2026-05-04 is a Monday: a week and two days; a Tuesday start only days until the next Monday.
    expect(cover('2026-05-04', '2026-05-12')).toEqual([
      buckets.dueWeekBucket('2026-05-04'),
      buckets.dueDayBucket('2026-05-11'),
      buckets.dueDayBucket('2026-05-12'),
    ]);
    expect(cover('2026-05-05', '2026-05-11')).toHaveLength(7);
  });

  it('takes an invoice out when it is paid: the delta of the paid mark empties its buckets', () => {
    const [invoice] = all.filter(open);
    const delta = contributionDelta(
      { ...facts(invoice), reports: invoice.reports },
      { ...facts(invoice), reports: { ...invoice.reports, paidOn: AS_OF } },
    );
    expect(Object.keys(delta).every((b) => b.startsWith('AP#DUE#'))).toBe(true);
    expect(delta[buckets.dueAllBucket][`c|${invoice.currency ?? '-'}`]).toBe(-cents(invoice));
  });
});

/** The InvoiceFacts of an invoice as the scheme-5 aggregates take them. */
const facts = (i: Inv) => ({
  ...i,
  createdAt: `${i.reports.billedMonth}-01T00:00:00.000Z`,
  vendorName: null,
  reviewed: false,
  extractedFields: [],
  correctedFields: [],
  countsProperties: true,
  readyOnly: true,
});

describe('spend per door', () => {
  const all = invoices();
  const items = store(all);

  it('sums approved spend per property and category over the months, per door by the units', () => {
    const range = spendMonths({ from: '2026-01', to: '2026-04' }, '2026-05');
    const months = new Set(['2026-01', '2026-02', '2026-03', '2026-04']);
    const report = spendPerDoorReport({
      ...range,
      items: range.buckets.filter((b) => items.has(b)).map((b) => items.get(b) ?? {}),
      defaultCurrency: 'USD',
      properties: [
        { id: 'P1', name: 'Maple Court', units: 12 },
        { id: 'P2', name: 'Oak Terrace', units: null },
      ],
      categoryNames: { C0: 'Repairs', C1: 'Utilities' },
    });
    const counted = all.filter((i) => i.status === 'APPROVED' && months.has(i.reports.billedMonth));
    for (const block of report.currencies) {
      const mine = counted.filter((i) => currencyOf(i) === block.currency);
      for (const row of block.rows) {
        const shares = mine.flatMap((i) => (i.shares ?? []).filter((s) => s.propertyId === row.propertyId));
        const total = shares.reduce((a, s) => a + s.cents, 0);
        expect(row.total).toBe(total / 100);
        expect(row.perDoor).toBe(row.units ? Math.round(total / row.units) / 100 : null);
        for (const category of row.byCategory) {
          const c = shares
            .filter((s) => s.categoryId === category.categoryId)
            .reduce((a, s) => a + s.cents, 0);
          expect(category.amount).toBe(c / 100);
        }
      }
    }
    expect(report.currencies[0].rows.find((r) => r.propertyId === 'P1')?.units).toBe(12);
  });

  it('defaults to the last 12 months and refuses more than 10 years', () => {
    expect(spendMonths({}, '2026-05')).toMatchObject({ from: '2025-06', to: '2026-05' });
    expect(spendMonths({ from: '2026-02' }, '2026-05')).toMatchObject({ to: '2027-01' });
    expect(() => spendMonths({ from: '2000-01', to: '2026-05' }, '2026-05')).toThrow('at most 10 years');
  });
});

describe('recurring bills', () => {
  /** A vendor's monthly bills: the amount per month offset from the report's month (0: this month). */
  const bills = (vendorId: string, amounts: Record<number, number>, accountNumber: string | null = null) =>
    Object.entries(amounts).map(
      ([offset, amount], n): Inv => ({
        id: n,
        status: 'PROCESSED',
        totalAmount: amount,
        vendorId,
        categoryId: null,
        currency: 'USD',
        reports: {
          dueOn: '2026-05-01',
          billedMonth: addDays('2026-05-15', Number(offset) * 30).slice(0, 7),
          paidOn: null,
          accountNumber,
        },
      }),
    );

  it('finds the usual bill that has not come and the one far above its median', () => {
    const all = [
      // Billed 4 of the last 6 months, not this month.
      ...bills('WATER', { [-1]: 100, [-2]: 110, [-4]: 90, [-6]: 120 }),
      // Billed only twice: too irregular to be missed.
      ...bills('RARE', { [-1]: 50, [-3]: 50 }),
      // Every month, this month at the ratio exactly.
      ...bills('POWER', { 0: 150, [-1]: 100, [-2]: 100, [-3]: 100 }),
      // Billed 6 and 7 months ago: the older month is outside the look-back.
      ...bills('OLD', { [-5]: 10, [-6]: 10, [-7]: 10 }),
      // A utility with accounts: judged per account (one came, one did not).
      ...bills('GAS', { 0: 40, [-1]: 40, [-2]: 40, [-3]: 40 }, 'A-1'),
      ...bills('GAS', { [-1]: 70, [-2]: 80, [-3]: 75 }, 'B|2'),
    ];
    const items = store(all);
    const { buckets: names } = recurringMonths('2026-05');
    expect(names).toHaveLength(LOOKBACK_MONTHS + 1);
    const report = recurringBillsReport({
      month: '2026-05',
      items: names.filter((b) => items.has(b)).map((bucket) => ({ ...items.get(bucket), bucket })),
      defaultCurrency: 'USD',
      vendorNames: { WATER: 'City Water', GAS: 'Gas Co' },
    });
    expect(report.missing).toEqual([
      {
        vendorId: 'WATER',
        vendorName: 'City Water',
        accountNumber: null,
        currency: 'USD',
        usualAmount: medianCents([10000, 11000, 9000, 12000]) / 100,
        monthsBilled: 4,
        lastBilledMonth: '2026-04',
      },
      expect.objectContaining({ vendorId: 'GAS', accountNumber: 'B|2', usualAmount: 75, monthsBilled: 3 }),
    ]);
    // RARE and OLD were billed in fewer of the months looked at than a usual bill is.
    expect(MIN_MONTHS_BILLED).toBeGreaterThan(2);
    expect(report.unusuallyHigh).toEqual([
      {
        vendorId: 'POWER',
        vendorName: 'Deleted vendor',
        accountNumber: null,
        currency: 'USD',
        amount: 150,
        usualAmount: 100,
        ratio: UNUSUALLY_HIGH_RATIO,
      },
    ]);
  });

  it('takes the median of an even count as the mean of the middle two', () => {
    expect(medianCents([100, 400, 200, 300])).toBe(250);
    expect(medianCents([5])).toBe(5);
  });
});

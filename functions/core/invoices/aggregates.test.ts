import { describe, expect, it } from 'vitest';
import {
  aiAccuracy,
  type Contribution,
  contributionDelta,
  fieldAccuracy,
  type InvoiceFacts,
  moneyByCurrency,
  unapprovedByCurrency,
} from './aggregates';

const facts = (over: Partial<InvoiceFacts> = {}): InvoiceFacts => ({
  status: 'PROCESSED',
  totalAmount: 120.5,
  createdAt: '2026-11-03T10:00:00.000Z',
  vendorId: null,
  vendorName: 'Acme Plumbing, Inc.',
  categoryId: 'plumbing',
  currency: 'USD',
  reviewed: false,
  extractedFields: ['vendorName', 'invoiceNumber', 'totalAmount'],
  correctedFields: [],
  ...over,
});

/** Applies deltas to an empty table, as the ADD updates do. */
function apply(...deltas: Contribution[]): Contribution {
  const table: Contribution = {};
  for (const delta of deltas)
    for (const [bucket, fields] of Object.entries(delta))
      for (const [field, value] of Object.entries(fields)) {
        table[bucket] ??= {};
        table[bucket][field] = (table[bucket][field] ?? 0) + value;
      }
  return table;
}

describe('split coding in the aggregates', () => {
  const split = facts({
    totalAmount: 1000,
    countsProperties: true,
    shares: [
      { propertyId: 'P1', categoryId: 'landscaping', cents: 60_000 },
      { propertyId: 'P2', categoryId: 'plumbing', cents: 40_000 },
    ],
  });

  it('books each share on its property and category', () => {
    const table = apply(contributionDelta(undefined, split));
    expect(table['PROPERTY#P1']).toEqual({ invoiceCount: 1, invoiceCount_USD: 1, amountCents_USD: 60_000 });
    expect(table['PROPERTY#P2']).toEqual({ invoiceCount: 1, invoiceCount_USD: 1, amountCents_USD: 40_000 });
    expect(table['CATEGORY#landscaping'].amountCents_USD).toBe(60_000);
    expect(table['CATEGORY#plumbing'].amountCents_USD).toBe(40_000);
    expect(table.TOTALS.amountCents_USD).toBe(100_000);
  });

  it('moves the money when the split changes, and takes none out of property buckets never written', () => {
    const unsplitBefore = facts({ totalAmount: 1000, countsProperties: false });
    const table = apply(contributionDelta(undefined, unsplitBefore), contributionDelta(unsplitBefore, split));
    expect(table['PROPERTY#NONE']).toBeUndefined();
    expect(table['CATEGORY#plumbing'].amountCents_USD).toBe(40_000);
    expect(table['PROPERTY#P1'].amountCents_USD).toBe(60_000);
  });

  it('books nothing for a rejected split invoice', () => {
    const table = apply(contributionDelta(undefined, { ...split, status: 'REJECTED' }));
    expect(table['PROPERTY#P1'] ?? {}).toEqual({});
  });
});

describe('contributionDelta', () => {
  it('adds a new invoice to the totals, its month, vendor and category, in its currency', () => {
    expect(contributionDelta(undefined, facts())).toEqual({
      TOTALS: {
        invoiceCount: 1,
        invoiceCount_USD: 1,
        status_PROCESSED: 1,
        amountCents_USD: 12050,
        spendCount_USD: 1,
      },
      'MONTH#2026-11': { invoiceCount: 1, invoiceCount_USD: 1, amountCents_USD: 12050, spendCount_USD: 1 },
      'CATEGORY#plumbing': { invoiceCount: 1, invoiceCount_USD: 1, amountCents_USD: 12050 },
      'VENDOR#NAME#acme plumbing inc': {
        invoiceCount: 1,
        invoiceCount_USD: 1,
        amountCents_USD: 12050,
        spendCount_USD: 1,
      },
    });
  });

  it('keeps EUR and USD apart in every bucket', () => {
    const table = apply(
      contributionDelta(undefined, facts()),
      contributionDelta(undefined, facts({ currency: 'EUR', totalAmount: 80 })),
    );
    expect(moneyByCurrency(table.TOTALS, 'USD')).toEqual({
      USD: { invoiceCount: 1, amountCents: 12050, spendCount: 1 },
      EUR: { invoiceCount: 1, amountCents: 8000, spendCount: 1 },
    });
    expect(moneyByCurrency(table['VENDOR#NAME#acme plumbing inc'], 'USD').EUR.amountCents).toBe(8000);
  });

  it('moves a status change between status counters only', () => {
    expect(contributionDelta(facts(), facts({ status: 'APPROVED' }))).toEqual({
      TOTALS: { status_PROCESSED: -1, status_APPROVED: 1 },
    });
  });

  it('takes a rejected invoice out of spend but keeps it counted', () => {
    const delta = contributionDelta(facts(), facts({ status: 'REJECTED' }));
    expect(delta.TOTALS).toEqual({
      status_PROCESSED: -1,
      status_REJECTED: 1,
      amountCents_USD: -12050,
      spendCount_USD: -1,
    });
    expect(delta['CATEGORY#plumbing']).toEqual({
      invoiceCount: -1,
      invoiceCount_USD: -1,
      amountCents_USD: -12050,
    });
  });

  it('moves the amount between currencies when a reviewer corrects the currency', () => {
    const delta = contributionDelta(facts(), facts({ currency: 'EUR' }));
    expect(delta.TOTALS).toEqual({
      invoiceCount_USD: -1,
      amountCents_USD: -12050,
      spendCount_USD: -1,
      invoiceCount_EUR: 1,
      amountCents_EUR: 12050,
      spendCount_EUR: 1,
    });
  });

  it('moves the amount when a reviewer links the vendor and corrects the total', () => {
    const delta = contributionDelta(facts(), facts({ vendorId: 'V1', totalAmount: 100 }));
    expect(delta['VENDOR#NAME#acme plumbing inc']).toEqual({
      invoiceCount: -1,
      invoiceCount_USD: -1,
      amountCents_USD: -12050,
      spendCount_USD: -1,
    });
    expect(delta['VENDOR#ID#V1']).toEqual({
      invoiceCount: 1,
      invoiceCount_USD: 1,
      amountCents_USD: 10000,
      spendCount_USD: 1,
    });
    expect(delta.TOTALS).toEqual({ amountCents_USD: -2050 });
  });

  it('counts the fields of an invoice a person approved, and which they kept', () => {
    const delta = contributionDelta(
      facts(),
      facts({ status: 'APPROVED', reviewed: true, correctedFields: ['totalAmount'] }),
    );
    expect(delta.TOTALS).toMatchObject({
      reviewedInvoices: 1,
      aiFieldsChecked: 3,
      aiFieldsKept: 2,
      checked_totalAmount: 1,
      kept_vendorName: 1,
    });
    expect(delta.TOTALS.kept_totalAmount).toBeUndefined();
  });

  it('does not count an auto-approved invoice as reviewed', () => {
    expect(contributionDelta(facts(), facts({ status: 'APPROVED', reviewed: false })).TOTALS).toEqual({
      status_PROCESSED: -1,
      status_APPROVED: 1,
    });
  });

  it('removes everything an invoice contributed when it is deleted', () => {
    const reviewed = facts({ status: 'APPROVED', reviewed: true, correctedFields: ['vendorName'] });
    const table = apply(contributionDelta(undefined, reviewed), contributionDelta(reviewed, undefined));
    for (const fields of Object.values(table))
      for (const value of Object.values(fields)) expect(value).toBe(0);
  });

  it('writes nothing for a save that changes no counted fact', () => {
    expect(contributionDelta(facts(), facts())).toEqual({});
  });

  it('moves an invoice counted before currencies out of the plain fields on its next write', () => {
    // What the former code added for it: plain amount fields and all-invoice AI counters.
    const legacy = facts({ currency: 'EUR', legacy: true });
    const table = apply(
      contributionDelta(undefined, legacy),
      contributionDelta(undefined, facts({ totalAmount: 10 })),
    );
    expect(moneyByCurrency(table.TOTALS, 'USD')).toEqual({
      USD: { invoiceCount: 2, amountCents: 13050, spendCount: 2 },
    });
    const after = apply(table, contributionDelta(legacy, facts({ currency: 'EUR', status: 'APPROVED' })));
    expect(moneyByCurrency(after.TOTALS, 'USD')).toEqual({
      USD: { invoiceCount: 1, amountCents: 1000, spendCount: 1 },
      EUR: { invoiceCount: 1, amountCents: 12050, spendCount: 1 },
    });
    expect(after.TOTALS).toMatchObject({
      amountCents: 0,
      spendCount: 0,
      aiFieldsExtracted: 0,
      invoiceCount: 2,
    });
  });
});

describe('moneyByCurrency', () => {
  it('reads the plain fields as the default currency, and nothing for an empty bucket', () => {
    expect(moneyByCurrency({ invoiceCount: 3, amountCents: 500, spendCount: 2 }, 'INR')).toEqual({
      INR: { invoiceCount: 3, amountCents: 500, spendCount: 2 },
    });
    expect(moneyByCurrency({}, 'USD')).toEqual({});
  });
});

describe('aiAccuracy', () => {
  it('is null until 10 invoices were reviewed', () => {
    expect(aiAccuracy({ reviewedInvoices: 9, aiFieldsChecked: 90, aiFieldsKept: 90 })).toBeNull();
    expect(aiAccuracy({})).toBeNull();
  });

  it('is the share of checked fields reviewers kept, one decimal', () => {
    expect(aiAccuracy({ reviewedInvoices: 10, aiFieldsChecked: 30, aiFieldsKept: 28 })).toBe(93.3);
  });

  it('is measured per field, null for a field never checked', () => {
    expect(
      fieldAccuracy({ checked_totalAmount: 4, kept_totalAmount: 3 }, ['totalAmount', 'dueDate']),
    ).toEqual([
      { field: 'totalAmount', checked: 4, kept: 3, accuracy: 75 },
      { field: 'dueDate', checked: 0, kept: 0, accuracy: null },
    ]);
  });
});

describe('money counts approved and ready invoices only (scheme 4)', () => {
  const ready = (over: Partial<InvoiceFacts> = {}) =>
    facts({ readyOnly: true, countsProperties: true, ...over });
  const moneyOf = (table: Contribution, bucket = 'TOTALS') =>
    moneyByCurrency(table[bucket] ?? {}, 'USD').USD ?? { invoiceCount: 0, amountCents: 0, spendCount: 0 };

  it('counts a ready invoice, and says it awaits approval in the totals and its month', () => {
    const table = apply(contributionDelta(undefined, ready()));
    expect(moneyOf(table)).toEqual({ invoiceCount: 1, amountCents: 12050, spendCount: 1 });
    expect(unapprovedByCurrency(table.TOTALS, 'USD')).toEqual({ USD: { amountCents: 12050, count: 1 } });
    expect(unapprovedByCurrency(table['MONTH#2026-11'], 'USD')).toEqual({
      USD: { amountCents: 12050, count: 1 },
    });
  });

  it('counts no money for an invoice in review, an unreadable one or a rejected one, but counts them', () => {
    const table = apply(
      contributionDelta(undefined, ready({ status: 'REVIEW_REQUIRED', totalAmount: 75_973_896.96 })),
      contributionDelta(undefined, ready({ status: 'REVIEW_REQUIRED', readFailure: true, totalAmount: 3 })),
      contributionDelta(undefined, ready({ status: 'REJECTED' })),
    );
    expect(moneyOf(table)).toEqual({ invoiceCount: 3, amountCents: 0, spendCount: 0 });
    expect(moneyOf(table, 'MONTH#2026-11').amountCents).toBe(0);
    expect(moneyOf(table, 'VENDOR#NAME#acme plumbing inc')).toEqual({
      invoiceCount: 3,
      amountCents: 0,
      spendCount: 0,
    });
    // Category and property buckets hold spend only: nothing is written to them.
    expect(table['CATEGORY#plumbing']).toBeUndefined();
    expect(table['PROPERTY#NONE']).toBeUndefined();
    expect(table.TOTALS.status_REVIEW_REQUIRED).toBe(2);
  });

  it('adds the amount when an invoice in review is approved, as approved money', () => {
    const review = ready({ status: 'REVIEW_REQUIRED' });
    const table = apply(
      contributionDelta(undefined, review),
      contributionDelta(review, ready({ status: 'APPROVED', reviewed: true })),
    );
    expect(moneyOf(table)).toEqual({ invoiceCount: 1, amountCents: 12050, spendCount: 1 });
    expect(unapprovedByCurrency(table.TOTALS, 'USD')).toEqual({});
    expect(table['CATEGORY#plumbing'].amountCents_USD).toBe(12050);
  });

  it('moves a ready invoice from awaiting approval to approved, with no change of the total', () => {
    expect(contributionDelta(ready(), ready({ status: 'APPROVED' }))).toEqual({
      TOTALS: {
        status_PROCESSED: -1,
        status_APPROVED: 1,
        unapprovedCents_USD: -12050,
        unapprovedCount_USD: -1,
      },
      'MONTH#2026-11': { unapprovedCents_USD: -12050, unapprovedCount_USD: -1 },
    });
  });

  it('moves the difference when the total of a ready invoice is corrected', () => {
    const delta = contributionDelta(ready(), ready({ totalAmount: 100 }));
    expect(delta.TOTALS).toEqual({ amountCents_USD: -2050, unapprovedCents_USD: -2050 });
    expect(delta['MONTH#2026-11']).toEqual({ amountCents_USD: -2050, unapprovedCents_USD: -2050 });
  });

  it('takes the money out when an approved invoice is reopened or voided, and back when approved again', () => {
    const approved = ready({ status: 'APPROVED', reviewed: true });
    const reopened = ready({ status: 'REVIEW_REQUIRED' });
    const voided = ready({ status: 'REJECTED', reviewed: true });
    const start = apply(contributionDelta(undefined, approved));
    const afterReopen = apply(start, contributionDelta(approved, reopened));
    expect(moneyOf(afterReopen).amountCents).toBe(0);
    const afterApproval = apply(afterReopen, contributionDelta(reopened, approved));
    expect(moneyOf(afterApproval).amountCents).toBe(12050);
    const afterVoid = apply(afterApproval, contributionDelta(approved, voided));
    expect(moneyOf(afterVoid)).toEqual({ invoiceCount: 1, amountCents: 0, spendCount: 0 });
  });

  it('takes a ready invoice out on reprocessing and on delete, leaving nothing behind', () => {
    const table = apply(
      contributionDelta(undefined, ready()),
      contributionDelta(ready(), ready({ status: 'UPLOADED' })),
    );
    expect(moneyOf(table).amountCents).toBe(0);
    expect(unapprovedByCurrency(table.TOTALS, 'USD')).toEqual({});
    const gone = apply(contributionDelta(undefined, ready()), contributionDelta(ready(), undefined));
    for (const fields of Object.values(gone))
      for (const value of Object.values(fields)) expect(value).toBe(0);
  });

  it('takes out what an invoice counted under scheme 3 (every unrejected one) on its first scheme 4 write', () => {
    // Counted by the former rule while in review: its misread total was in the money.
    const before = facts({ status: 'REVIEW_REQUIRED', countsProperties: true, totalAmount: 500 });
    const table = apply(contributionDelta(undefined, before));
    expect(moneyOf(table).amountCents).toBe(50_000);
    const rejected = apply(table, contributionDelta(before, ready({ status: 'REJECTED', totalAmount: 500 })));
    expect(moneyOf(rejected)).toEqual({ invoiceCount: 1, amountCents: 0, spendCount: 0 });
    expect(rejected['CATEGORY#plumbing'].amountCents_USD).toBe(0);
    const edited = apply(
      table,
      contributionDelta(before, ready({ status: 'REVIEW_REQUIRED', totalAmount: 500 })),
    );
    expect(moneyOf(edited).amountCents).toBe(0);
  });

  it('reads the plain (default-currency) fields of the awaiting figures as the default currency', () => {
    const table = apply(contributionDelta(undefined, ready({ currency: null })));
    expect(unapprovedByCurrency(table.TOTALS, 'EUR')).toEqual({ EUR: { amountCents: 12050, count: 1 } });
  });
});

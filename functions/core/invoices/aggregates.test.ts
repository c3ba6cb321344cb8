import { describe, expect, it } from 'vitest';
import { aiAccuracy, contributionDelta, type InvoiceFacts } from './aggregates';

const facts = (over: Partial<InvoiceFacts> = {}): InvoiceFacts => ({
  status: 'PROCESSED',
  totalAmount: 120.5,
  createdAt: '2026-11-03T10:00:00.000Z',
  vendorId: null,
  vendorName: 'Acme Plumbing, Inc.',
  categoryId: 'plumbing',
  extractedFieldCount: 6,
  correctedFieldCount: 0,
  ...over,
});

describe('contributionDelta', () => {
  it('adds a new invoice to the totals, its month, vendor and category', () => {
    expect(contributionDelta(undefined, facts())).toEqual({
      TOTALS: {
        invoiceCount: 1,
        status_PROCESSED: 1,
        amountCents: 12050,
        spendCount: 1,
        aiFieldsExtracted: 6,
      },
      'MONTH#2026-11': { invoiceCount: 1, amountCents: 12050, spendCount: 1 },
      'CATEGORY#plumbing': { invoiceCount: 1, amountCents: 12050 },
      'VENDOR#NAME#acme plumbing inc': { invoiceCount: 1, amountCents: 12050, spendCount: 1 },
    });
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
      amountCents: -12050,
      spendCount: -1,
    });
    expect(delta['CATEGORY#plumbing']).toEqual({ invoiceCount: -1, amountCents: -12050 });
  });

  it('moves the amount when a reviewer links the vendor and corrects the total', () => {
    const delta = contributionDelta(
      facts(),
      facts({ vendorId: 'V1', totalAmount: 100, correctedFieldCount: 1 }),
    );
    expect(delta['VENDOR#NAME#acme plumbing inc']).toEqual({
      invoiceCount: -1,
      amountCents: -12050,
      spendCount: -1,
    });
    expect(delta['VENDOR#ID#V1']).toEqual({ invoiceCount: 1, amountCents: 10000, spendCount: 1 });
    expect(delta.TOTALS).toEqual({ amountCents: -2050, aiFieldsCorrected: 1 });
  });

  it('removes everything an invoice contributed when it is deleted', () => {
    const added = contributionDelta(undefined, facts());
    const removed = contributionDelta(facts(), undefined);
    for (const [bucket, fields] of Object.entries(added)) {
      for (const [field, value] of Object.entries(fields)) expect(removed[bucket][field]).toBe(-value);
    }
  });

  it('writes nothing for a save that changes no counted fact', () => {
    expect(contributionDelta(facts(), facts())).toEqual({});
  });
});

describe('aiAccuracy', () => {
  it('is the share of extracted fields nobody corrected, one decimal', () => {
    expect(aiAccuracy({ aiFieldsExtracted: 30, aiFieldsCorrected: 2 })).toBe(93.3);
    expect(aiAccuracy({ aiFieldsExtracted: 10, aiFieldsCorrected: 0 })).toBe(100);
  });

  it('is 0 (shown as N/A) before anything was extracted', () => {
    expect(aiAccuracy({})).toBe(0);
  });
});

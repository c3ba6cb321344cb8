import { describe, expect, it } from 'vitest';
import { lastMonths, shapeAnalytics } from './shape';

const base = {
  totals: { bucket: 'TOTALS', invoiceCount: 0, amountCents: 0, spendCount: 0 },
  vendors: [],
  categories: [],
  months: [],
  knownVendors: [],
  categoryNames: {},
  currentMonth: '2025-03',
};

describe('lastMonths', () => {
  it('lists the 12 months ending with the current one, across a year boundary', () => {
    expect(lastMonths('2025-03')).toEqual([
      '2024-04',
      '2024-05',
      '2024-06',
      '2024-07',
      '2024-08',
      '2024-09',
      '2024-10',
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
      '2025-03',
    ]);
  });
});

describe('shapeAnalytics', () => {
  it('answers zeros and 12 empty months when nothing was recorded', () => {
    const out = shapeAnalytics(base);
    expect(out).toMatchObject({
      totalInvoices: 0,
      totalAmount: 0,
      averageAmount: 0,
      topVendors: [],
      categoryBreakdown: [],
    });
    expect(out.monthlyTrends).toHaveLength(12);
    expect(out.monthlyTrends.every((m) => m.invoiceCount === 0 && m.totalAmount === 0)).toBe(true);
  });

  it('averages over invoices that count as spend, in dollars', () => {
    const out = shapeAnalytics({
      ...base,
      totals: { bucket: 'TOTALS', invoiceCount: 4, amountCents: 10_001, spendCount: 3 },
    });
    expect(out).toMatchObject({ totalInvoices: 4, totalAmount: 100.01, averageAmount: 33.34 });
  });

  it('merges a known vendor’s id and name buckets under its current name, and keeps unknown names apart', () => {
    const out = shapeAnalytics({
      ...base,
      vendors: [
        { bucket: 'VENDOR#ID#V1', invoiceCount: 2, amountCents: 20_000, label: 'ACME (old)' },
        { bucket: 'VENDOR#NAME#acme plumbing', invoiceCount: 1, amountCents: 5_000, label: 'ACME Plumbing' },
        { bucket: 'VENDOR#NAME#zed s', invoiceCount: 3, amountCents: 30_000, label: "Zed's" },
        { bucket: 'VENDOR#NAME#gone', invoiceCount: 0, amountCents: 0, label: 'Gone' },
      ],
      knownVendors: [{ id: 'V1', name: 'Acme Plumbing', nameKey: 'acme plumbing' }],
    });
    expect(out.topVendors).toEqual([
      { name: "Zed's", invoiceCount: 3, totalAmount: 300 },
      { name: 'Acme Plumbing', invoiceCount: 3, totalAmount: 250 },
    ]);
  });

  it('keeps the top 10 vendors by spend', () => {
    const vendors = Array.from({ length: 15 }, (_, i) => ({
      bucket: `VENDOR#NAME#v${i}`,
      invoiceCount: 1,
      amountCents: (i + 1) * 100,
      label: `V${i}`,
    }));
    const out = shapeAnalytics({ ...base, vendors });
    expect(out.topVendors).toHaveLength(10);
    expect(out.topVendors[0]).toEqual({ name: 'V14', invoiceCount: 1, totalAmount: 15 });
    expect(out.topVendors.at(-1)?.name).toBe('V5');
  });

  it('gives category shares of the spend with names from the categories, and Uncategorized for none', () => {
    const out = shapeAnalytics({
      ...base,
      categories: [
        { bucket: 'CATEGORY#hvac', invoiceCount: 1, amountCents: 1_000 },
        { bucket: 'CATEGORY#NONE', invoiceCount: 2, amountCents: 2_000 },
        { bucket: 'CATEGORY#custom', invoiceCount: 0, amountCents: 0, label: 'Old' },
      ],
      categoryNames: { hvac: 'HVAC' },
    });
    expect(out.categoryBreakdown).toEqual([
      { categoryName: 'Uncategorized', percentage: 66.7, totalAmount: 20, invoiceCount: 2 },
      { categoryName: 'HVAC', percentage: 33.3, totalAmount: 10, invoiceCount: 1 },
    ]);
  });

  it('places month buckets in their month and ignores months older than a year', () => {
    const out = shapeAnalytics({
      ...base,
      months: [
        { bucket: 'MONTH#2025-03', invoiceCount: 5, amountCents: 12_345 },
        { bucket: 'MONTH#2024-04', invoiceCount: 1, amountCents: 100 },
        { bucket: 'MONTH#2024-03', invoiceCount: 9, amountCents: 900 },
      ],
    });
    expect(out.monthlyTrends[0]).toEqual({ month: '2024-04', invoiceCount: 1, totalAmount: 1 });
    expect(out.monthlyTrends[11]).toEqual({ month: '2025-03', invoiceCount: 5, totalAmount: 123.45 });
    expect(out.monthlyTrends.reduce((n, m) => n + m.invoiceCount, 0)).toBe(6);
  });
});

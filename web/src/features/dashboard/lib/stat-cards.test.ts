import { describe, expect, it } from 'vitest';
import { statCards } from './stat-cards';

const labels = (stats: Parameters<typeof statCards>[0]) =>
  Object.fromEntries(statCards(stats).map((c) => [c.key, { value: c.value, label: c.label }]));

describe('statistics card labels', () => {
  it('an empty account shows No data, Clear, No invoices and N/A', () => {
    expect(labels({ totalInvoices: 0, processingQueue: 0, monthlyTotal: 0, aiAccuracy: 0 })).toEqual({
      totalInvoices: { value: '0', label: 'No data' },
      processingQueue: { value: '0', label: 'Clear' },
      monthlyTotal: { value: '$0.00', label: 'No invoices' },
      aiAccuracy: { value: 'N/A', label: 'No data' },
    });
  });

  it('an active account shows Active, N active, Current and one-decimal accuracy', () => {
    expect(
      labels({ totalInvoices: 1284, processingQueue: 3, monthlyTotal: 48920.5, aiAccuracy: 94.26 }),
    ).toEqual({
      totalInvoices: { value: '1,284', label: 'Active' },
      processingQueue: { value: '3', label: '3 active' },
      monthlyTotal: { value: '$48,920.50', label: 'Current' },
      aiAccuracy: { value: '94.3%', label: 'High' },
    });
  });

  it.each([
    [80.1, 'High'],
    [80, 'Moderate'],
    [1, 'Moderate'],
    [0.5, 'Moderate'],
    [0, 'No data'],
    [-3, 'No data'],
  ])('AI accuracy %s is labelled %s', (aiAccuracy, label) => {
    const card = statCards({ totalInvoices: 1, processingQueue: 0, monthlyTotal: 1, aiAccuracy }).find(
      (c) => c.key === 'aiAccuracy',
    );
    expect(card?.label).toBe(label);
  });

  it("reads 'N/A' with 'No data' while AI accuracy is not measured yet, and says how it will be", () => {
    const card = statCards({
      totalInvoices: 3,
      processingQueue: 0,
      monthlyTotal: 10,
      aiAccuracy: null,
      reviewedInvoices: 3,
    }).find((c) => c.key === 'aiAccuracy');
    expect(card).toMatchObject({ value: 'N/A', label: 'No data' });
    expect(card?.explain).toBe(
      'Of the fields the AI read on invoices a person approved or rejected, the share kept unchanged. Shown once 10 invoices have been reviewed; 3 reviewed invoices so far.',
    );
  });

  it('shows the monthly total in the organization currency and the others beside it, never added', () => {
    const card = statCards({
      totalInvoices: 3,
      processingQueue: 0,
      monthlyTotal: 100,
      aiAccuracy: null,
      currency: 'EUR',
      byCurrency: {
        EUR: { invoiceCount: 1, monthlyTotal: 100, totalAmount: 100 },
        USD: { invoiceCount: 1, monthlyTotal: 50.5, totalAmount: 50.5 },
        INR: { invoiceCount: 1, monthlyTotal: 319, totalAmount: 319 },
        MYR: { invoiceCount: 1, monthlyTotal: 0, totalAmount: 12 },
      },
    }).find((c) => c.key === 'monthlyTotal');
    expect(card?.value).toBe('€100.00');
    expect(card?.others).toEqual(['₹319.00', '$50.50']);
  });
});

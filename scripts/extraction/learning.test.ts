import { describe, expect, it } from 'vitest';
import { approvedFromLabels, recurringSellers } from './learning';

describe('recurringSellers', () => {
  it('groups by normalised seller, keeps only sellers with two or more, in a stable order', () => {
    const docs = [
      { path: 'b/2.pdf', label: { vendorName: 'Acme GmbH' } },
      { path: 'z/1.pdf', label: { vendorName: 'Solo Ltd' } },
      { path: 'a/1.pdf', label: { vendorName: 'ACME' } },
      { path: 'c/1.pdf', label: { vendorName: 'Beta Inc' } },
      { path: 'c/0.pdf', label: { vendorName: 'beta' } },
      { path: 'n/1.pdf', label: { vendorName: null } },
      { path: 'n/2.pdf', label: {} },
    ];
    const groups = recurringSellers(docs);
    expect(groups.map(([k, list]) => [k, list.map((d) => d.path)])).toEqual([
      ['acme', ['a/1.pdf', 'b/2.pdf']],
      ['beta', ['c/0.pdf', 'c/1.pdf']],
    ]);
    expect(recurringSellers([...docs].reverse())).toEqual(groups);
  });
});

describe('approvedFromLabels', () => {
  it('takes labelled fields from the label (null where it has none) and keeps the reading elsewhere', () => {
    const label = {
      labelledFields: ['vendorName', 'invoiceDate', 'totalAmount', 'invoiceNumber'],
      invoiceDate: '2018-12-25',
      totalAmount: 9,
      invoiceNumber: null,
      subtotal: 100,
    };
    const reading = {
      invoiceNumber: 'R-1',
      totalAmount: 8,
      subtotal: 7.5,
      accountNumber: 'ACC 9',
      dueDate: '',
    };
    expect(approvedFromLabels(label, reading)).toEqual({
      invoiceNumber: null,
      invoiceDate: '2018-12-25',
      dueDate: null,
      // Read as 7.50 against a total of 9.00: not approved as read.
      subtotal: null,
      taxAmount: null,
      totalAmount: 9,
      amountDue: null,
      accountNumber: 'ACC 9',
      servicePeriodStart: null,
      servicePeriodEnd: null,
    });
  });

  it('keeps an unlabelled subtotal and tax that add up to the approved total, and clears ones that do not', () => {
    const label = { labelledFields: ['totalAmount'], totalAmount: 10.6 };
    expect(approvedFromLabels(label, { subtotal: 10, taxAmount: 0.6, totalAmount: 10.6 })).toMatchObject({
      subtotal: 10,
      taxAmount: 0.6,
    });
    expect(approvedFromLabels(label, { subtotal: 10, taxAmount: 10.6, totalAmount: 10.6 })).toMatchObject({
      subtotal: null,
      taxAmount: null,
    });
    // A labelled subtotal stays as labelled even when the sum is off.
    const both = { labelledFields: ['totalAmount', 'subtotal'], totalAmount: 10.6, subtotal: 9 };
    expect(approvedFromLabels(both, { subtotal: 9, taxAmount: 0.6 })).toMatchObject({
      subtotal: 9,
      taxAmount: null,
    });
  });
});

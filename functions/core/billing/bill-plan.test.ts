import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BillSource,
  fitCents,
  planBill,
  REST_LINE_DESCRIPTION,
  TAX_LINE_DESCRIPTION,
} from './bill-plan';

const line = (
  description: string,
  totalPrice: number | null,
  extra: Partial<BillSource['lineItems'][0]> = {},
) => ({
  description,
  quantity: null,
  unitPrice: null,
  totalPrice,
  ...extra,
});

const invoice = (overrides: Partial<BillSource> = {}): BillSource => ({
  id: '01INV',
  invoiceNumber: 'R-1001',
  invoiceDate: '2026-10-03',
  dueDate: '2026-11-02',
  vendorName: 'Harbor Mechanical LLC',
  subtotal: null,
  taxAmount: null,
  totalAmount: 100,
  currency: 'USD',
  categoryId: 'CAT-REPAIRS',
  propertyId: 'PROP-1',
  lineItems: [],
  ...overrides,
});

const plannedOf = (source: BillSource) => {
  const plan = planBill(source);
  if ('error' in plan) throw new Error(plan.error);
  return plan;
};
const amounts = (source: BillSource) => plannedOf(source).lines.map((l) => [l.description, l.cents]);

describe('planBill: the bill is the approved invoice', () => {
  it('books net line items as they are and the tax as its own line', () => {
    const plan = plannedOf(
      invoice({
        subtotal: 3300,
        taxAmount: 181.5,
        totalAmount: 3481.5,
        lineItems: [line('Roof repair', 3000), line('Gutter cleaning', 300)],
      }),
    );
    expect(plan.basis).toBe('lines');
    expect(plan.lines.map((l) => [l.description, l.cents, l.tax])).toEqual([
      ['Roof repair', 300000, false],
      ['Gutter cleaning', 30000, false],
      [TAX_LINE_DESCRIPTION, 18150, true],
    ]);
    expect(plan.totalCents).toBe(348150);
  });

  it('line items that include the tax (gross) are brought down to the net amount, the tax kept apart', () => {
    // 119.00 gross = 100.00 net + 19.00 tax; the lines print 59.50 and 59.50 gross each.
    const plan = plannedOf(
      invoice({ taxAmount: 19, totalAmount: 119, lineItems: [line('Part A', 59.5), line('Part B', 59.5)] }),
    );
    expect(plan.lines.map((l) => l.cents)).toEqual([5000, 5000, 1900]);
  });

  it('line items far from the approved amount are not trusted: one line of the approved net amount', () => {
    // A misread: the lines add up to 0.75 against an approved 56.02, or to more than the approved total.
    expect(amounts(invoice({ totalAmount: 56.02, lineItems: [line('Issue 12', 0.75)] }))).toEqual([
      ['Invoice R-1001', 5602],
    ]);
    expect(
      amounts(invoice({ totalAmount: 518.99, lineItems: [line('Goods', 600), line('More goods', 343.31)] })),
    ).toEqual([['Invoice R-1001', 51899]]);
  });

  it('a corrected total wins over the line items read before the correction', () => {
    const read = invoice({
      totalAmount: 943.31,
      lineItems: [line('Goods', 600), line('More goods', 343.31)],
    });
    expect(amounts(read)).toEqual([
      ['Goods', 60000],
      ['More goods', 34331],
    ]);
    expect(amounts({ ...read, totalAmount: 518.99 })).toEqual([['Invoice R-1001', 51899]]);
  });

  it('charges the line items leave out get their own line, so the itemized lines stay as printed', () => {
    expect(
      amounts(invoice({ totalAmount: 110, lineItems: [line('Filters', 80), line('Service call', 20)] })),
    ).toEqual([
      ['Filters', 8000],
      ['Service call', 2000],
      [REST_LINE_DESCRIPTION, 1000],
    ]);
  });

  it('rounding of line items (a cent per line) is fixed so the lines add up to the cent', () => {
    const plan = plannedOf(
      invoice({
        totalAmount: 100,
        lineItems: [
          line('a', null, { quantity: 3, unitPrice: 11.111 }),
          line('b', null, { quantity: 3, unitPrice: 11.111 }),
          line('c', null, { quantity: 3, unitPrice: 11.111 }),
        ],
      }),
    );
    expect(plan.lines.reduce((s, l) => s + l.cents, 0)).toBe(10000);
    expect(plan.lines.map((l) => l.cents).sort()).toEqual([3333, 3333, 3334]);
  });

  it('a discount line is folded into the others: no negative line is sent', () => {
    const plan = plannedOf(
      invoice({
        totalAmount: 90,
        lineItems: [line('Paint', 60), line('Brushes', 40), line('Discount', -10)],
      }),
    );
    expect(plan.lines.map((l) => [l.description, l.cents])).toEqual([
      ['Paint', 5400],
      ['Brushes', 3600],
    ]);
  });

  it('with no line items: one line of the approved amount on the invoice’s category and property', () => {
    const plan = plannedOf(invoice({ totalAmount: 80.9, invoiceNumber: null }));
    expect(plan.lines).toEqual([
      { cents: 8090, description: '', categoryId: 'CAT-REPAIRS', propertyId: 'PROP-1', tax: false },
    ]);
  });

  it('a split is booked share by share on the net amount, with the tax as its own line', () => {
    const plan = plannedOf(
      invoice({
        taxAmount: 10,
        totalAmount: 110,
        allocations: [
          { propertyId: 'P1', propertyName: 'Maple Court', categoryId: null, amount: 55 },
          { propertyId: 'P2', propertyName: 'Oak Terrace', categoryId: 'CAT-LAWN', amount: 55 },
        ],
      }),
    );
    expect(plan.basis).toBe('split');
    expect(plan.lines.map((l) => [l.description, l.cents, l.propertyId, l.categoryId])).toEqual([
      ['Maple Court', 5000, 'P1', 'CAT-REPAIRS'],
      ['Oak Terrace', 5000, 'P2', 'CAT-LAWN'],
      [TAX_LINE_DESCRIPTION, 1000, null, null],
    ]);
  });

  it('refuses a split that no longer adds up to the approved total, saying by how much', () => {
    expect(
      planBill(
        invoice({
          totalAmount: 100,
          allocations: [{ propertyId: 'P1', propertyName: 'A', categoryId: null, amount: 90 }],
        }),
      ),
    ).toEqual({ error: 'The split adds up to $90.00, not the approved total $100.00: correct the split' });
  });

  it('a negative total is a credit, its lines positive, whatever sign the credit note prints its lines in', () => {
    const printedPositive = plannedOf(
      invoice({ totalAmount: -5.77, lineItems: [line('Returned part', 5.77)] }),
    );
    const printedNegative = plannedOf(
      invoice({ totalAmount: -5.77, lineItems: [line('Returned part', -5.77)] }),
    );
    for (const plan of [printedPositive, printedNegative]) {
      expect(plan.kind).toBe('credit');
      expect(plan.lines.map((l) => l.cents)).toEqual([577]);
    }
    // A credit note's line read as +0.13 against −5.77 approved is not trusted.
    expect(amounts(invoice({ totalAmount: -5.77, lineItems: [line('x', 0.13)] }))).toEqual([
      ['Invoice R-1001', 577],
    ]);
  });

  it('keeps the invoice currency and refuses what cannot be billed', () => {
    expect(plannedOf(invoice({ currency: 'EUR' })).currency).toBe('EUR');
    expect(planBill(invoice({ totalAmount: null }))).toEqual({ error: 'The invoice has no amount to bill' });
    expect(planBill(invoice({ totalAmount: 10, taxAmount: 12 }))).toEqual({
      error: 'The tax $12.00 does not fit the total $10.00: correct the tax',
    });
  });

  it('amounts such as 19.99 and 1,192.91 stay exact in cents', () => {
    expect(amounts(invoice({ totalAmount: 19.99 }))).toEqual([['Invoice R-1001', 1999]]);
    expect(amounts(invoice({ totalAmount: 1192.91, taxAmount: 0.01 }))).toEqual([
      ['Invoice R-1001', 119290],
      [TAX_LINE_DESCRIPTION, 1],
    ]);
  });

  it('whatever the reading, every plan adds up to the approved total to the cent, in positive cents', () => {
    const cents = fc.integer({ min: -10_000_000, max: 10_000_000 }).filter((c) => c !== 0);
    fc.assert(
      fc.property(
        cents,
        fc.integer({ min: 0, max: 100 }),
        fc.array(fc.integer({ min: -500_000, max: 5_000_000 }), { maxLength: 12 }),
        (total, taxPercent, lineCents) => {
          const tax = Math.trunc((total * taxPercent) / 1000);
          const plan = planBill(
            invoice({
              totalAmount: total / 100,
              taxAmount: tax / 100,
              lineItems: lineCents.map((c, i) => line(`line ${i}`, c / 100)),
            }),
          );
          if ('error' in plan) return false;
          const sum = plan.lines.reduce((s, l) => s + l.cents, 0);
          return (
            sum === Math.abs(total) &&
            plan.lines.every((l) => Number.isInteger(l.cents) && l.cents > 0) &&
            plan.kind === (total < 0 ? 'credit' : 'bill')
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('fitCents', () => {
  it('shares a target in proportion, to the cent, the leftover cents to the largest remainders', () => {
    expect(fitCents([1, 1, 1], 100)).toEqual([34, 33, 33]);
    expect(fitCents([300000, 30000], 330000)).toEqual([300000, 30000]);
    expect(fitCents([5950, 5950], 10000)).toEqual([5000, 5000]);
  });
});

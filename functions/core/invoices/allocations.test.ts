import { describe, expect, it } from 'vitest';
import { allocationInputSchema } from '../../../shared/schemas';
import { AppError } from '../errors/app-error';
import { allocationShortfall, assertSplitsAddUp, spendShares, splitsAfterRun } from './allocations';

const A = '01J0000000000000000000000A';
const B = '01J0000000000000000000000B';

describe('allocationShortfall', () => {
  it('accepts thirds that add up to the cent', () => {
    const thirds = [333.33, 333.33, 333.34].map((amount) => ({ propertyId: A, amount }));
    expect(allocationShortfall(thirds, 100_000)).toBeNull();
  });

  it('names the sum, the difference and the total when short', () => {
    const short = [
      { propertyId: A, amount: 600 },
      { propertyId: B, amount: 300 },
    ];
    expect(allocationShortfall(short, 100_000)).toBe(
      'Allocations add up to 900.00, 100.00 short of the total 1,000.00',
    );
  });

  it('says by how much a split is over, down to one cent', () => {
    const over = [
      { propertyId: A, amount: 500.01 },
      { propertyId: B, amount: 500 },
    ];
    expect(allocationShortfall(over, 100_000)).toBe(
      'Allocations add up to 1,000.01, 0.01 more than the total 1,000.00',
    );
  });

  it('splits a credit note into negative shares, and refuses a share of the other sign', () => {
    const refund = [
      { propertyId: A, amount: -60 },
      { propertyId: B, amount: -40 },
    ];
    expect(allocationShortfall(refund, -10_000)).toBeNull();
    expect(allocationShortfall([{ propertyId: A, amount: -60 }], -10_000)).toBe(
      'Allocations add up to -60.00, 40.00 short of the total -100.00',
    );
    expect(allocationShortfall([...refund, { propertyId: A, amount: 0.01 }], -10_000)).toBe(
      'Each share of a credit must be less than 0, as the total -100.00 is',
    );
    expect(allocationShortfall([{ propertyId: A, amount: -1 }], 100)).toBe('Each share must be more than 0');
  });

  it('treats an empty split as no split', () => {
    expect(allocationShortfall([], 12_345)).toBeNull();
  });
});

describe('assertSplitsAddUp', () => {
  const lines = [
    { id: 'L1', description: 'Mowing', amount: 250 },
    { id: 'L2', description: 'Note', amount: null },
  ];
  const refusal = (input: Parameters<typeof assertSplitsAddUp>[0]) => {
    try {
      assertSplitsAddUp(input);
    } catch (error) {
      return error as AppError;
    }
    return undefined;
  };

  it('refuses an invoice split one cent short with a 400 naming the difference', () => {
    const error = refusal({
      totalAmount: 1000,
      allocations: [{ propertyId: A, amount: 999.99 }],
      lines,
      lineAllocations: {},
    });
    expect(error).toBeInstanceOf(AppError);
    expect(error?.kind).toBe('input');
    expect(error?.message).toBe('Allocations add up to 999.99, 0.01 short of the total 1,000.00');
    expect(error?.issues?.[0].path).toBe('allocations');
  });

  it('checks each line item against its own amount', () => {
    const error = refusal({
      totalAmount: 1000,
      allocations: [],
      lines,
      lineAllocations: { L1: [{ propertyId: A, amount: 200 }] },
    });
    expect(error?.message).toBe('Allocations add up to 200.00, 50.00 short of line item "Mowing" 250.00');
    expect(
      refusal({
        totalAmount: 1000,
        allocations: [],
        lines,
        lineAllocations: { L1: [{ propertyId: A, amount: 250 }] },
      }),
    ).toBeUndefined();
  });

  it('refuses splitting an unknown line, a line without an amount, or an invoice without a total', () => {
    const one = [{ propertyId: A, amount: 1 }];
    expect(refusal({ totalAmount: 1, allocations: [], lines, lineAllocations: { L9: one } })?.message).toBe(
      'The invoice has no line item L9',
    );
    expect(refusal({ totalAmount: 1, allocations: [], lines, lineAllocations: { L2: one } })?.message).toBe(
      'Line item "Note" has no amount to split',
    );
    expect(refusal({ totalAmount: null, allocations: one, lines, lineAllocations: {} })?.message).toBe(
      'Enter the total before splitting the invoice',
    );
  });
});

describe('allocationInputSchema', () => {
  it('refuses a third decimal, a zero amount and a foreign-looking property id', () => {
    expect(allocationInputSchema.safeParse({ propertyId: A, amount: 1.005 }).success).toBe(false);
    expect(allocationInputSchema.safeParse({ propertyId: A, amount: 0 }).success).toBe(false);
    expect(allocationInputSchema.safeParse({ propertyId: 'ORG#x', amount: 1 }).success).toBe(false);
    expect(allocationInputSchema.parse({ propertyId: A, amount: 333.33 })).toEqual({
      propertyId: A,
      amount: 333.33,
    });
  });

  it('takes a credit note’s negative share, to two decimals', () => {
    expect(allocationInputSchema.parse({ propertyId: A, amount: -12.34 }).amount).toBe(-12.34);
    expect(allocationInputSchema.safeParse({ propertyId: A, amount: -12.345 }).success).toBe(false);
  });
});

describe('spendShares', () => {
  const invoice = { totalCents: 100_000, propertyId: 'P0', categoryId: 'C0' };

  it('puts the whole amount on the invoice property and category when nothing is split', () => {
    expect(spendShares(invoice)).toEqual([{ propertyId: 'P0', categoryId: 'C0', cents: 100_000 }]);
  });

  it('uses the invoice split, with the invoice category for shares without one', () => {
    const shares = spendShares({
      ...invoice,
      allocations: [
        { propertyId: A, amount: 600, categoryId: 'C1' },
        { propertyId: B, amount: 400 },
      ],
      lineAllocations: { L1: [{ propertyId: A, amount: 50 }] },
    });
    expect(shares).toEqual([
      { propertyId: A, categoryId: 'C1', cents: 60_000 },
      { propertyId: B, categoryId: 'C0', cents: 40_000 },
    ]);
  });

  it('books split line items where they say and the rest on the invoice', () => {
    const shares = spendShares({
      ...invoice,
      lineAllocations: {
        L1: [
          { propertyId: A, amount: 150.5 },
          { propertyId: B, amount: 99.5 },
        ],
      },
    });
    expect(shares).toEqual([
      { propertyId: A, categoryId: 'C0', cents: 15_050 },
      { propertyId: B, categoryId: 'C0', cents: 9_950 },
      { propertyId: 'P0', categoryId: 'C0', cents: 75_000 },
    ]);
  });
});

describe('splitsAfterRun', () => {
  const split = [
    { propertyId: A, amount: 600 },
    { propertyId: B, amount: 400 },
  ];

  it('keeps an invoice split that still adds up to the total read, and drops re-read lines’ splits', () => {
    expect(
      splitsAfterRun(
        { allocations: split, lineAllocations: { L1: [] } },
        { totalAmount: 1000, linesReplaced: true },
      ),
    ).toEqual({ lineAllocations: {} });
  });

  it('drops an invoice split that no longer adds up, and keeps line splits when lines stay', () => {
    expect(
      splitsAfterRun(
        { allocations: split, lineAllocations: { L1: [] } },
        { totalAmount: 1200, linesReplaced: false },
      ),
    ).toEqual({ allocations: [] });
  });
});

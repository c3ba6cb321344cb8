import { describe, expect, it } from 'vitest';
import { planBill } from '../billing/bill-plan';
import { classifyInvoice } from '../extraction/pipeline';
import { hofmannContext, hofmannReading } from '../extraction/vendor-reading.fixture';
import type { ApprovedInvoiceFact } from './history';
import {
  type SplitShare,
  splitAsUsual,
  splitOfApproval,
  splitTotal,
  splitView,
  usualSplit,
} from './usual-split';

const MAPLE = 'prop-maple';
const OAK = 'prop-oak';
const properties = [
  { id: MAPLE, name: 'Maple Court', address: '12 Maple Way, Springfield', status: 'ACTIVE' as const },
  { id: OAK, name: 'Oak Terrace', address: '40 Oak Road, Springfield', status: 'ACTIVE' as const },
];

/** Approved in month n, for `total`, split as `split` says (null: not split). */
const approved = (n: number, total: number, split: SplitShare[] | null): ApprovedInvoiceFact => ({
  invoiceId: `inv-${n}`,
  invoiceNumber: `R-100${n}`,
  totalAmount: total,
  currency: 'EUR',
  invoiceDate: `2026-0${n}-01`,
  split,
  approvedAt: `2026-0${n}-03T09:00:00.000Z`,
});
/** 60% Maple, 40% Oak of `total`. */
const sixtyForty = (total: number): SplitShare[] => [
  { propertyId: MAPLE, categoryId: null, amount: Math.round(total * 60) / 100 },
  { propertyId: OAK, categoryId: null, amount: Math.round(total * 40) / 100 },
];
/** Newest first, as the history keeps it: three months split 60/40 over different totals. */
const threeAlike = [
  approved(4, 119, sixtyForty(119)),
  approved(3, 250, sixtyForty(250)),
  approved(2, 80.5, sixtyForty(80.5)),
];

describe("a vendor's usual split", () => {
  it('is the split its newest three approved invoices share, by part of the total', () => {
    const usual = usualSplit(threeAlike);
    expect(usual?.count).toBe(3);
    expect(usual?.shares.map((s) => [s.propertyId, s.categoryId, Math.round(s.part * 1000) / 1000])).toEqual([
      [MAPLE, null, 0.6],
      [OAK, null, 0.4],
    ]);
  });

  it('is none when one of them was not split, split otherwise, or they are too few', () => {
    const unsplit = [threeAlike[0], approved(3, 250, null), threeAlike[2]];
    const otherParts: SplitShare[] = [
      { propertyId: MAPLE, categoryId: null, amount: 137.5 },
      { propertyId: OAK, categoryId: null, amount: 112.5 },
    ];
    const otherCategory: SplitShare[] = sixtyForty(250).map((s, i) =>
      i ? { ...s, categoryId: 'cat-repairs' } : s,
    );
    for (const history of [
      unsplit,
      [threeAlike[0], approved(3, 250, otherParts), threeAlike[2]],
      [threeAlike[0], approved(3, 250, otherCategory), threeAlike[2]],
      threeAlike.slice(0, 2),
    ])
      expect(usualSplit(history)).toBeNull();
    // An older split is no usual one once the newest three agree on another.
    expect(usualSplit([...threeAlike, approved(1, 250, otherParts)])?.count).toBe(3);
  });

  it('keeps of an approval only a split of two or more shares', () => {
    const share = {
      propertyId: MAPLE,
      propertyName: 'Maple Court',
      categoryId: null,
      categoryName: null,
      amount: 50,
    };
    expect(splitOfApproval([share])).toBeNull();
    expect(splitOfApproval(undefined)).toBeNull();
    expect(splitOfApproval([share, { ...share, propertyId: OAK, amount: 25 }])).toEqual([
      { propertyId: MAPLE, categoryId: null, amount: 50 },
      { propertyId: OAK, categoryId: null, amount: 25 },
    ]);
  });

  it("shares a new total out to the cent, the shares adding up to it exactly, and never a credit note's", () => {
    const thirds = usualSplit(
      [3, 2, 1].map((n) =>
        approved(n, 90, [
          { propertyId: MAPLE, categoryId: null, amount: 30 },
          { propertyId: OAK, categoryId: null, amount: 30 },
          { propertyId: 'prop-elm', categoryId: null, amount: 30 },
        ]),
      ),
    );
    const shares = splitTotal(thirds as NonNullable<typeof thirds>, 100);
    expect(shares?.map((s) => s.amount)).toEqual([33.34, 33.33, 33.33]);
    expect(splitTotal(thirds as NonNullable<typeof thirds>, -100)).toBeNull();
    expect(splitTotal(thirds as NonNullable<typeof thirds>, null)).toBeNull();
  });

  it("is shown on the vendor's page in percent, naming the properties", () => {
    const names = new Map([[MAPLE, 'Maple Court']]);
    expect(splitView(threeAlike, (id) => names.get(id) ?? null)).toEqual({
      shares: [
        { propertyId: MAPLE, propertyName: 'Maple Court', categoryId: null, percent: 60 },
        { propertyId: OAK, propertyName: null, categoryId: null, percent: 40 },
      ],
      count: 3,
    });
  });

  it('is not applied once a property of it is no longer the organization’s', () => {
    expect(splitAsUsual(usualSplit(threeAlike), 100, properties.slice(0, 1), [])).toBeNull();
  });
});

describe('Classify with a usual split', () => {
  const context = (history: ApprovedInvoiceFact[]) => ({ ...hofmannContext(history, 'EUR'), properties });

  it('splits the next invoice as the usual split says, over its own total, saying so', async () => {
    const classified = await classifyInvoice(hofmannReading(), context(threeAlike));
    expect(classified.allocations).toEqual([
      { propertyId: MAPLE, propertyName: 'Maple Court', categoryId: null, categoryName: null, amount: 71.4 },
      { propertyId: OAK, propertyName: 'Oak Terrace', categoryId: null, categoryName: null, amount: 47.6 },
    ]);
    expect(classified.notes).toContain(
      "Split as this vendor's last 3 approved invoices were: 60% Maple Court, 40% Oak Terrace.",
    );
  });

  it('books the split it proposes as the bill, to the cent of the total', async () => {
    const read = hofmannReading({ subtotal: 100.01, taxAmount: 19, totalAmount: 119.01 });
    const { invoice, allocations } = await classifyInvoice(read, context(threeAlike));
    const plan = planBill({ ...invoice, id: 'inv-5', categoryId: null, allocations });
    if ('error' in plan) throw new Error(plan.error);
    expect(plan.totalCents).toBe(11_901);
    expect(plan.lines.reduce((sum, l) => sum + l.cents, 0)).toBe(11_901);
    expect(allocations.reduce((sum, a) => sum + Math.round(a.amount * 100), 0)).toBe(11_901);
    expect(new Set(plan.lines.filter((l) => !l.tax).map((l) => l.propertyId))).toEqual(new Set([MAPLE, OAK]));
  });

  it('leaves an invoice whose page names a property, or a vendor with no usual split, unsplit', async () => {
    const forOak = hofmannReading({ serviceAddress: '40 Oak Road, Springfield' });
    const named = await classifyInvoice(forOak, context(threeAlike));
    expect(named.propertyMatch?.propertyId).toBe(OAK);
    expect(named.allocations).toEqual([]);
    expect((await classifyInvoice(hofmannReading(), context(threeAlike.slice(0, 2)))).allocations).toEqual(
      [],
    );
  });
});

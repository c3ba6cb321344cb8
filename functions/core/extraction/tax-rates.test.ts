import { describe, expect, it } from 'vitest';
import { amountsConfirm, printedRates } from './tax-rates';

describe('amountsConfirm', () => {
  it('holds when the tax is a usual rate of the subtotal and the two make the total', () => {
    // 6% GST, 19% VAT, and a cent of rounding in the total.
    expect(amountsConfirm({ subtotal: 6.51, taxAmount: 0.39, totalAmount: 6.9 }, [])).toBe(true);
    expect(amountsConfirm({ subtotal: 593.36, taxAmount: 112.74, totalAmount: 706.1 }, [])).toBe(true);
    expect(amountsConfirm({ subtotal: 6.51, taxAmount: 0.39, totalAmount: 6.91 }, [])).toBe(true);
  });

  it('fails on sums that miss, on a rate nobody charges unless the page prints it, and on no tax', () => {
    expect(amountsConfirm({ subtotal: 14.4, taxAmount: 0.86, totalAmount: 41.87 }, [])).toBe(false);
    // 11% is no usual rate; printed on the page, it is one.
    expect(amountsConfirm({ subtotal: 100, taxAmount: 11, totalAmount: 111 }, [])).toBe(false);
    expect(amountsConfirm({ subtotal: 100, taxAmount: 11, totalAmount: 111 }, [0.11])).toBe(true);
    expect(amountsConfirm({ subtotal: 100, taxAmount: 0, totalAmount: 100 }, [])).toBe(false);
    expect(amountsConfirm({ subtotal: 100, taxAmount: null, totalAmount: 100 }, [])).toBe(false);
    expect(amountsConfirm({ subtotal: null, taxAmount: 6, totalAmount: 106 }, [])).toBe(false);
  });

  it('reads the rates printed on a page', () => {
    expect(printedRates(['MwSt 19 %', 'TVA 7,7%', 'discount 45%', 'no rate']).sort()).toEqual([0.077, 0.19]);
  });
});

/**
 * Tax rates, and when an invoice's amounts confirm one another. The extraction engine weighs amount
 * candidates by them (functions/extraction/model/arithmetic.ts); Classify lets amounts that confirm one
 * another go without review (confirmedAmounts).
 */

/** VAT, GST and sales-tax rates in common use; a rate printed on the page is added to them. */
export const USUAL_TAX_RATES = [
  0.025, 0.05, 0.055, 0.06, 0.07, 0.077, 0.08, 0.081, 0.09, 0.1, 0.12, 0.13, 0.14, 0.15, 0.16, 0.17, 0.18,
  0.19, 0.2, 0.21, 0.22, 0.23, 0.24, 0.25, 0.27,
];
/** Per-line rounding lets a printed tax differ from rate × net by a cent or two. */
export const TAX_SLACK_CENTS = 2;

const cents = (v: number) => Math.round(v * 100);

/** The tax rates printed in these texts ("19%", "7,7 %"), as fractions. */
export function printedRates(texts: readonly string[]): number[] {
  const out = new Set<number>();
  for (const text of texts) {
    for (const m of text.matchAll(/(?<![\d.,])(\d{1,2}(?:[.,]\d{1,3})?)\s*%/g)) {
      const r = Number(m[1].replace(',', '.')) / 100;
      if (r > 0 && r <= 0.3) out.add(Math.round(r * 10000) / 10000);
    }
  }
  return [...out];
}

/**
 * Whether subtotal plus tax (a missing tax counts as none) is the total, to the cent; null without a
 * subtotal and a total to compare. Validate, the layout memory and amountsConfirm all judge sums so.
 */
export function addsUpToTotal(amounts: {
  subtotal?: unknown;
  taxAmount?: unknown;
  totalAmount?: unknown;
}): boolean | null {
  const { subtotal, taxAmount, totalAmount } = amounts;
  if (typeof subtotal !== 'number' || typeof totalAmount !== 'number') return null;
  const tax = typeof taxAmount === 'number' ? cents(taxAmount) : 0;
  return Math.abs(cents(subtotal) + tax - cents(totalAmount)) <= 1;
}

/**
 * Whether a subtotal, a tax and a total confirm one another: the tax is the subtotal at a usual or
 * printed rate (to TAX_SLACK_CENTS) and the two add up to the total (to the cent). Three figures read
 * apart that meet both sums are seldom a misreading, and a tax of zero or a missing one proves nothing.
 */
export function amountsConfirm(
  amounts: { subtotal: number | null; taxAmount: number | null; totalAmount: number | null },
  rates: readonly number[],
): boolean {
  const { subtotal, taxAmount } = amounts;
  if (subtotal === null || taxAmount === null || !addsUpToTotal(amounts)) return false;
  const [net, tax] = [cents(subtotal), cents(taxAmount)];
  if (net <= 0 || tax <= 0) return false;
  return [...USUAL_TAX_RATES, ...rates].some((r) => Math.abs(net * r - tax) <= TAX_SLACK_CENTS);
}

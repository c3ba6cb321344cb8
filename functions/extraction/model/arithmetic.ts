import { printedRates as ratesIn, TAX_SLACK_CENTS, USUAL_TAX_RATES } from '../../core/extraction/tax-rates';
import type { DocLine } from '../fields/lines';
import type { Candidate } from './candidates';

/**
 * How a document's amounts add up, as evidence of which is the total, the sum before tax and the
 * tax: a net amount, a tax that is a usual rate of it (or a rate printed on the page) and their sum
 * all printed; and a figure that is the sum of the figures stacked right above it in its column
 * (the items' amounts over their sum, the net and tax over the total).
 */

/** Larger figures are account, phone or register numbers, never an invoice's amounts. */
const LARGEST = 1e9;

/** An amount in whole cents, the unit the sums are compared in. */
export const cents = (v: number) => Math.round(v * 100);

/** The tax rates printed on the page ("19%", "7,7 %"), as fractions. */
export const printedRates = (lines: DocLine[]): number[] => ratesIn(lines.map((l) => l.text));

export interface TaxTriples {
  /** Values (in cents) that are net + tax of a triple printed on the page. */
  total: Set<number>;
  /** Values (in cents) that are the net of such a triple. */
  net: Set<number>;
  /** Values (in cents) that are the tax of such a triple. */
  tax: Set<number>;
}

/**
 * Every (net, tax, net + tax) printed among `values` where the tax is the net times a usual or
 * printed rate.
 */
export function taxTriples(values: number[], rates: number[]): TaxTriples {
  const printed = new Set(values.filter((v) => v > 0 && v < LARGEST).map(cents));
  const out: TaxTriples = { total: new Set(), net: new Set(), tax: new Set() };
  const allRates = [...new Set([...USUAL_TAX_RATES, ...rates])];
  for (const net of printed) {
    for (const r of allRates) {
      const want = net * r;
      for (let tax = Math.round(want) - TAX_SLACK_CENTS; tax <= Math.round(want) + TAX_SLACK_CENTS; tax++) {
        if (tax <= 0 || !printed.has(tax)) continue;
        // The sum may be a cent off where net and tax were rounded apart.
        const sum = [net + tax, net + tax - 1, net + tax + 1].find((s) => printed.has(s));
        if (sum === undefined || sum === net) continue;
        out.total.add(sum);
        out.net.add(net);
        out.tax.add(tax);
      }
    }
  }
  return out;
}

/**
 * The amount candidates whose value is the sum of two or more amounts stacked right above them in
 * their column (right edges aligned), over lines and pages in reading order; lines without an
 * amount in the column (wrapped descriptions, headings) are passed over.
 */
export function columnSums(lines: DocLine[], candidates: Candidate[]): Set<Candidate> {
  const amounts = candidates.filter((c) => c.kind === 'amount' && !c.joined);
  const byLine = new Map<number, Candidate[]>();
  for (const c of amounts) byLine.set(c.line, [...(byLine.get(c.line) ?? []), c]);
  const out = new Set<Candidate>();
  for (const c of amounts) {
    const target = cents(c.value as number);
    if (target <= 0 || (c.value as number) >= LARGEST) continue;
    const line = lines[c.line];
    const right = c.x1 / Math.max(1, line.pageWidth);
    const slack = Math.max(0.012, (1.5 * line.height) / Math.max(1, line.pageWidth));
    let sum = 0;
    let terms = 0;
    for (let i = c.line - 1; i >= 0 && i >= c.line - 120; i--) {
      const above = byLine
        .get(i)
        ?.find((o) => Math.abs(o.x1 / Math.max(1, lines[i].pageWidth) - right) <= slack);
      if (!above) continue;
      sum += cents(above.value as number);
      terms++;
      if (terms >= 2 && Math.abs(sum - target) <= 1) {
        out.add(c);
        break;
      }
      if (sum > target && (above.value as number) >= 0) break;
    }
  }
  return out;
}

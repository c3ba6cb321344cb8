import { detectCurrency, findAmounts } from '../../core/extraction/parse-values';
import {
  AMOUNT_DUE_LABEL,
  FINAL_TOTAL,
  NOT_TAX,
  NOT_TOTAL,
  SUBTOTAL_LABEL,
  TAX_LABEL,
  TOTAL_LABEL,
} from './labels';
import { boxOfSpan, type DocLine } from './lines';
import { type Found, foundAfterLabel, numericTail, readAmount, withoutDates } from './values';

/**
 * The total, amount due, subtotal and tax. Candidates are the amounts next to (or under) each kind
 * of label, plus totals rows under "Net | VAT | Gross" column headings. Of several totals the one
 * that names the amount to pay wins, then the largest (others are partial sums, tax summaries or
 * the cash handed over), and a rounded total when one is printed; the subtotal and tax are the
 * pair that adds up to the total when there is one. A receipt that prints only a subtotal has it
 * as its total. In two-currency tables the figure in the document's currency is taken.
 */

/**
 * Amounts next to (or under) a label. Every occurrence of the label on a line counts ("TOTAL
 * SAVING: 0.00  TOTAL  6.85" holds a total after a saving). `not` rejects an occurrence when it
 * matches around it (the words just before and after the label), or, with `notScope` 'line', the
 * whole line (a "GST Summary  Amount  Tax" heading holds no tax).
 */
function amountCandidates(
  lines: DocLine[],
  label: RegExp,
  not: RegExp | null,
  type: string,
  notScope: 'label' | 'line' = 'label',
): Found[] {
  const out: Found[] = [];
  const every = new RegExp(label.source, label.flags.includes('g') ? label.flags : `${label.flags}g`);
  for (const line of lines) {
    if (notScope === 'line' && not?.test(line.text)) continue;
    for (const m of line.text.matchAll(every)) {
      if (m.index === undefined || m[0].trim() === '') continue;
      const around = line.text.slice(Math.max(0, m.index - 12), m.index + m[0].length + 24);
      if (not?.test(around)) continue;
      const found = foundAfterLabel(lines, line, m.index, m[0], readAmount, type, 0.95);
      if (!found) continue;
      out.push({ ...found, labelContext: line.text.slice(m.index, m.index + m[0].length + 20) });
      break;
    }
  }
  return out;
}

/**
 * Totals printed as a row under column headings ("Montant HT | Montant TVA | Montant TTC" over
 * "Total facture 24.99 5.00 29.99", or "Net | VAT | Gross"): the figure under a before-tax heading
 * is the subtotal, the one under a tax heading the tax.
 */
function columnTotals(lines: DocLine[]): Found[] {
  const out: Found[] = [];
  for (const line of lines) {
    if (!TOTAL_LABEL.test(line.text) || SUBTOTAL_LABEL.test(line.text)) continue;
    const { numbers } = numericTail(line);
    if (numbers.length < 2) continue;
    const header = lines
      .filter((l) => l.page === line.page && l.index < line.index && l.index >= line.index - 8)
      .reverse()
      .find((l) => l.segments.length >= 2 && l.segments.some((s) => SUBTOTAL_LABEL.test(s.text)));
    if (!header) continue;
    for (const n of numbers) {
      const centre = (n.box.x0 + n.box.x1) / 2;
      const heading = header.segments
        .map((seg) => ({ seg, d: centre < seg.x0 ? seg.x0 - centre : centre > seg.x1 ? centre - seg.x1 : 0 }))
        .sort((a, b) => a.d - b.d)[0];
      if (!heading || heading.d > line.height * 3) continue;
      const text = heading.seg.text;
      const type = SUBTOTAL_LABEL.test(text)
        ? 'SUBTOTAL'
        : TAX_LABEL.test(text) && !NOT_TAX.test(text)
          ? 'TAX'
          : null;
      if (!type) continue;
      out.push({
        type,
        value: n.raw,
        valueBox: n.box,
        line,
        label: { text: text.trim(), box: heading.seg },
        labelContext: text,
        confidence: Math.min(line.confidence, header.confidence) * 0.9,
      });
    }
  }
  return out;
}

/**
 * The figure of an amount row that sits under the column headed by the currency `code`, when the
 * row's figures are headed by currency codes ("USD  EUR" over "TOTAL  119.95  109.15").
 */
function currencyColumn(lines: DocLine[], f: Found, code: string): Found | null {
  const { numbers } = numericTail(f.line);
  if (numbers.length < 2) return null;
  const isCode = (t: string) => /^[A-Z]{3}$/.test(t.trim());
  const header = lines
    .filter((l) => l.page === f.line.page && l.index < f.line.index && l.index >= f.line.index - 8)
    .reverse()
    .find((l) => l.segments.filter((s) => isCode(s.text)).length >= 2);
  const heading = header?.segments.find((s) => s.text.trim() === code);
  if (!heading) return null;
  const centre = (heading.x0 + heading.x1) / 2;
  const under = numbers
    .map((n) => ({ n, d: Math.abs((n.box.x0 + n.box.x1) / 2 - centre) }))
    .sort((a, b) => a.d - b.d)[0];
  if (!under || under.d > f.line.height * 4) return null;
  return { ...f, value: under.n.raw, valueBox: under.n.box };
}

/**
 * A total followed by a rounding adjustment ("TOTAL 60.31 / ROUNDING ADJ -0.01 / 60.30"): the
 * line after the adjustment that shows total + adjustment is the amount paid.
 */
function roundedAfter(lines: DocLine[], total: Found | null): Found | null {
  if (!total) return null;
  const after = lines.filter((l) => l.index > total.line.index && l.index <= total.line.index + 3);
  const rounding = after.find(
    (l) => /\bround(ing)?\b|\badj(ustment)?\b/i.test(l.text) && !TOTAL_LABEL.test(l.text),
  );
  if (!rounding) return null;
  const adjustment = readAmount(rounding.text);
  const r = adjustment ? (findAmounts(adjustment.value).at(-1)?.value ?? 0) : 0;
  if (r === 0 || Math.abs(r) >= 0.1) return null;
  const sign = /-\s*$/.test(rounding.text.slice(0, adjustment?.from ?? 0)) && r > 0 ? -1 : 1;
  const want = amountOf(total) + sign * r;
  for (const l of lines.filter((x) => x.index > rounding.index && x.index <= rounding.index + 2)) {
    const v = readAmount(l.text);
    if (v && Math.abs((findAmounts(v.value).at(-1)?.value ?? Number.NaN) - want) < 0.005) {
      return { ...total, value: v.value, valueBox: boxOfSpan(l, v.from, v.to), line: l };
    }
  }
  return null;
}

function amountOf(f: Found): number {
  const a = findAmounts(f.value).at(-1);
  return a ? a.value : Number.NaN;
}

/** The document's amount fields (total, amount due, subtotal, tax, those found) and its currency. */
export function detectAmounts(
  lines: DocLine[],
  isHeader: (line: DocLine) => boolean,
): { amounts: Found[]; currency?: { Code: string; Confidence: number } } {
  // Amounts: of several "total" lines, the largest is the grand total (others are partial sums,
  // tax summaries or the same figure repeated).
  const notHeader = lines.filter((l) => !isHeader(l));
  // A zero total is no total ("TOTAL 52 -00" misread); nor is a negative amount due (a credit).
  const totals = amountCandidates(notHeader, TOTAL_LABEL, NOT_TOTAL, 'TOTAL').filter(
    (f) => amountOf(f) !== 0 && (!AMOUNT_DUE_LABEL.test(f.line.text) || amountOf(f) > 0),
  );
  // A total that names the amount to pay ("Grand Total", "Total Payable", "Amount incl. GST")
  // outranks partial sums and the cash handed over; rounded totals stay in the running.
  const isFinal = (f: Found) => FINAL_TOTAL.test(f.labelContext ?? '');
  const isRounded = (f: Found) => /\bround/i.test(f.labelContext ?? f.line.text);
  const pool = totals.some(isFinal) ? totals.filter((f) => isFinal(f) || isRounded(f)) : totals;
  // OCR sometimes drops a decimal point ("RM6413" for 64.13): figures with decimals come first.
  const withDecimals = pool.filter((f) => /[.,]\d{2}\b/.test(f.value));
  const ranked = (withDecimals.length ? withDecimals : pool).sort((a, b) => amountOf(b) - amountOf(a));
  // What was paid is the rounded total when there is one, a few cents off the largest figure.
  const roundedTotal = ranked.find(
    (f) => /\bround/i.test(f.line.text) && amountOf(ranked[0]) - amountOf(f) < 0.1 + 1e-9,
  );
  let total = roundedTotal ?? roundedAfter(lines, ranked[0] ?? null) ?? ranked[0] ?? null;
  const dues = amountCandidates(notHeader, AMOUNT_DUE_LABEL, null, 'AMOUNT_DUE');
  const amountDue = dues.find((f) => amountOf(f) > 0) ?? dues[0] ?? null;
  const byColumn = columnTotals(lines);
  const subtotals = [
    ...byColumn.filter((f) => f.type === 'SUBTOTAL'),
    ...amountCandidates(notHeader, SUBTOTAL_LABEL, null, 'SUBTOTAL'),
  ].filter((f) => !total || amountOf(f) <= amountOf(total) + 0.005);
  const taxes = [
    ...byColumn.filter((f) => f.type === 'TAX'),
    ...amountCandidates(notHeader, TAX_LABEL, NOT_TAX, 'TAX', 'line'),
  ].filter((f) => !total || Math.abs(amountOf(f)) < Math.abs(amountOf(total)));
  if (!total && subtotals.length > 0 && !amountDue) {
    // Receipts that print only "SUBTOTAL" (tax included, nothing added after it): that is the total.
    // A tax printed after it is included too when the taxable amount (subtotal less that tax) is
    // shown ("SUBTOTAL 53.60 / TAXABLE AMOUNT 50.57 / 6% GST 3.03").
    const last = subtotals.at(-1)!;
    const shows = (value: number) =>
      lines.some(
        (l) =>
          l.index > last.line.index &&
          findAmounts(withoutDates(l.text)).some((a) => Math.abs(a.value - value) < 0.005),
      );
    // A before-tax amount printed after it and lower than it says the same.
    const netAfter = lines.some((l) => {
      if (l.index <= last.line.index || !/\b(taxable|excl|exclusive|before\s*tax)/i.test(l.text))
        return false;
      const v = readAmount(l.text);
      const n = v ? findAmounts(v.value).at(-1)?.value : undefined;
      return n !== undefined && n > 0 && n < amountOf(last);
    });
    const addedTax =
      !netAfter &&
      taxes.some(
        (t) =>
          t.line.index > last.line.index &&
          !/\b(inc|incl|included)\b/i.test(t.line.text) &&
          !(amountOf(t) > 0 && shows(amountOf(last) - amountOf(t))),
      );
    if (!addedTax) total = { ...last, type: 'TOTAL' };
  }
  // Prefer the subtotal that, with a tax found, makes up the total ("Subtotaal" may include tax).
  const consistent = subtotals.find(
    (s) => total && taxes.some((t) => Math.abs(amountOf(s) + amountOf(t) - amountOf(total)) < 0.015),
  );
  const subtotal = consistent ?? subtotals[0] ?? null;
  const tax =
    (consistent &&
      taxes.find((t) => Math.abs(amountOf(consistent) + amountOf(t) - amountOf(total!)) < 0.015)) ??
    taxes.find((f) => f.line.index > (subtotal?.line.index ?? -1)) ??
    taxes[0] ??
    null;

  const currencyGuess = detectCurrency(lines.map((l) => l.text));
  const currency = currencyGuess
    ? { Code: currencyGuess.code, Confidence: Math.round(currencyGuess.confidence * 100) }
    : undefined;
  // Amounts shown in two currencies ("USD | EUR" columns): the figure in the document's currency.
  const inCurrency = (f: Found | null) =>
    f && currencyGuess ? (currencyColumn(lines, f, currencyGuess.code) ?? f) : f;
  const amounts = [inCurrency(total), inCurrency(amountDue), inCurrency(subtotal), inCurrency(tax)];
  return { amounts: amounts.filter((f): f is Found => f !== null), currency };
}

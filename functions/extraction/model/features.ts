import {
  DOC_TITLE,
  GLUED_LABEL,
  ID_LABEL_ENDS,
  type IdLabel,
  idLabelAtEnd,
  LABEL_CLASS_NAMES,
  LABEL_CLASSES,
} from '../fields/lexicon';
import type { DocLine } from '../fields/lines';
import { ID_FORMATS, identifierFormat } from '../fields/values';
import { cents, columnSums, printedRates, type TaxTriples, taxTriples } from './arithmetic';
import type { Candidate } from './candidates';

/**
 * Numeric features of a candidate value: which label words stand left of it on its line or above
 * it in its column (and how near), what the value looks like, where it is on the page, how large
 * the line is printed, its rank among the document's values of its kind, whether it adds up with
 * other amounts (see `arithmetic.ts`), and whether the hand rules answered it for an amount field.
 * The order of {@link FEATURE_NAMES} is the model's input order.
 */
const LABEL_POSITIONS = ['leftNear', 'leftFar', 'above', 'aboveDist'] as const;
const ID_LABELS = Object.keys(ID_LABEL_ENDS) as IdLabel[];

export const FEATURE_NAMES: string[] = [
  ...LABEL_CLASS_NAMES.flatMap((c) => LABEL_POSITIONS.map((p) => `${p}:${c}`)),
  'percentAfter',
  'x',
  'xEnd',
  'y',
  'firstPage',
  'lastPage',
  'lineRank',
  'relHeight',
  'ocr',
  'lineSegments',
  'lineLetters',
  'rightmostInLine',
  'valuesInLine',
  // amounts
  'logValue',
  'decimals',
  'negative',
  'currencyMark',
  'magnitudeRank',
  'isMax',
  'ratioToMax',
  'sameValueCount',
  'sumOfTwo',
  'addsToMax',
  'taxTripleTotal',
  'taxTripleNet',
  'taxTripleTax',
  'columnSum',
  'joinedGroups',
  'rulesTotal',
  'rulesSubtotal',
  'rulesTax',
  // dates
  'earliest',
  'latest',
  'daysAfterEarliest',
  'sameDateCount',
  // identifiers
  'idLength',
  'digitShare',
  'hasLetters',
  'hasSeparator',
  // identifiers: whose number the label touching it names, on its line or in the cell above
  ...ID_LABELS.map((k) => `idLabel:${k}`),
  ...ID_LABELS.map((k) => `idLabelAbove:${k}`),
  'titledNumber',
  'dateAfter',
  'amountsInLine',
  'underscore',
  'unglued',
  'joined',
  'gluedLabel',
  ...ID_FORMATS.map((f) => `format:${f}`),
];

const CURRENCY_MARK = /(?:[$€£¥₹]|\b(?:rm|usd|eur|gbp|myr|chf|cad|aud|inr|sgd)\b)\s*$/i;

/** The amounts the hand rules answered (`model.ts` reads them from the rules' fields). */
export interface RulesAmounts {
  total: number | null;
  subtotal: number | null;
  tax: number | null;
}
const NO_RULES: RulesAmounts = { total: null, subtotal: null, tax: null };

interface DocContext {
  lines: DocLine[];
  candidates: Candidate[];
  medianHeight: number;
  maxAmount: number;
  /** The amounts as printed (joined digit groups left out: they are guesses). */
  amounts: number[];
  dates: string[];
  triples: TaxTriples;
  columnSums: Set<Candidate>;
  rules: RulesAmounts;
}

function contextOf(lines: DocLine[], candidates: Candidate[], rules: RulesAmounts): DocContext {
  const heights = lines.map((l) => l.height / Math.max(1, l.pageHeight)).sort((a, b) => a - b);
  const amountCandidates = candidates.filter((c) => c.kind === 'amount');
  const amounts = amountCandidates.filter((c) => !c.joined).map((c) => c.value as number);
  return {
    lines,
    candidates,
    medianHeight: heights[Math.floor(heights.length / 2)] || 0.01,
    maxAmount: Math.max(0, ...amounts),
    amounts,
    dates: candidates.filter((c) => c.kind === 'date').map((c) => c.value as string),
    triples: taxTriples(
      amountCandidates.map((c) => c.value as number),
      printedRates(lines),
    ),
    columnSums: columnSums(lines, candidates),
    rules,
  };
}

/** The text of a line's words that overlap the x-range [x0, x1] (a column cell of a line above). */
function textOver(line: DocLine, x0: number, x1: number): string {
  // One character height of slack: a label over its own column, not its neighbours' (stacked headers).
  const slack = line.height;
  return line.words
    .filter((w) => w.x1 >= x0 - slack && w.x0 <= x1 + slack)
    .map((w) => w.text)
    .join(' ');
}

const days = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

function candidateFeatures(c: Candidate, ctx: DocContext): number[] {
  const line = ctx.lines[c.line];
  const before = line.text.slice(0, c.start);
  // The run right before the value: its own segment, or the previous one when the value starts a segment.
  const parts = before.split(/\s{2,}/);
  const near = (parts.at(-1)?.trim() ? parts.at(-1) : parts.at(-2)) ?? '';
  const above: Array<{ text: string; dist: number }> = [];
  for (let i = c.line - 1, d = 1; i >= 0 && d <= 3; i--, d++) {
    const l = ctx.lines[i];
    if (l.pageIndex !== line.pageIndex) break;
    above.push({ text: textOver(l, c.x0, c.x1), dist: d });
  }
  const labels = LABEL_CLASS_NAMES.flatMap((k) => {
    const re = LABEL_CLASSES[k];
    const hitAbove = above.find((a) => re.test(a.text));
    return [
      re.test(near) ? 1 : 0,
      re.test(before) ? 1 : 0,
      hitAbove ? 1 : 0,
      hitAbove ? 1 / hitAbove.dist : 0,
    ];
  });
  const after = line.text.slice(c.end);
  const sameLine = ctx.candidates.filter((o) => o.line === c.line && o.kind === c.kind);
  const pageLines = ctx.lines.filter((l) => l.pageIndex === line.pageIndex);
  const lineRank = pageLines.indexOf(line) / Math.max(1, pageLines.length - 1);
  const general = [
    /^\s*%/.test(after) ? 1 : 0,
    c.x0 / Math.max(1, line.pageWidth),
    c.x1 / Math.max(1, line.pageWidth),
    (line.y0 + line.y1) / 2 / Math.max(1, line.pageHeight),
    line.pageIndex === 0 ? 1 : 0,
    line.pageIndex === line.pageCount - 1 ? 1 : 0,
    lineRank,
    line.height / Math.max(1, line.pageHeight) / ctx.medianHeight,
    line.source === 'ocr' ? 1 : 0,
    line.segments.length,
    (line.text.match(/\p{L}/gu)?.length ?? 0) / 40,
    sameLine.every((o) => o.start <= c.start) ? 1 : 0,
    sameLine.length,
  ];
  let amount = new Array<number>(18).fill(0);
  if (c.kind === 'amount') {
    const v = c.value as number;
    const rank = ctx.amounts.filter((a) => a > v + 0.005).length;
    const others = ctx.amounts.filter((a) => Math.abs(a - v) > 0.005 && a > 0);
    const has = (x: number) => others.some((a) => Math.abs(a - x) <= 0.011);
    amount = [
      Math.log10(Math.abs(v) + 1),
      /[.,]\d{2}$/.test(c.raw) ? 1 : 0,
      v < 0 ? 1 : 0,
      CURRENCY_MARK.test(before) || /^\D/.test(c.raw) ? 1 : 0,
      rank / Math.max(1, ctx.amounts.length),
      rank === 0 ? 1 : 0,
      ctx.maxAmount > 0 ? v / ctx.maxAmount : 0,
      ctx.amounts.filter((a) => Math.abs(a - v) <= 0.005).length,
      v > 0 && others.some((a) => a < v && has(Math.round((v - a) * 100) / 100)) ? 1 : 0,
      v > 0 && v < ctx.maxAmount && has(Math.round((ctx.maxAmount - v) * 100) / 100) ? 1 : 0,
      ctx.triples.total.has(cents(v)) ? 1 : 0,
      ctx.triples.net.has(cents(v)) ? 1 : 0,
      ctx.triples.tax.has(cents(v)) ? 1 : 0,
      ctx.columnSums.has(c) ? 1 : 0,
      c.joined ? 1 : 0,
      same(v, ctx.rules.total),
      same(v, ctx.rules.subtotal),
      same(v, ctx.rules.tax),
    ];
  }
  let date = [0, 0, 0, 0];
  if (c.kind === 'date') {
    const d = days(c.value as string);
    const all = ctx.dates.map(days);
    const min = Math.min(...all);
    date = [
      d === min ? 1 : 0,
      d === Math.max(...all) ? 1 : 0,
      Math.min(1, (d - min) / 90),
      ctx.dates.filter((x) => x === c.value).length,
    ];
  }
  let id = [0, 0, 0, 0];
  if (c.kind === 'id') {
    const s = c.value as string;
    id = [
      s.length / 10,
      (s.match(/\d/g)?.length ?? 0) / s.length,
      /\p{L}/u.test(s) ? 1 : 0,
      /[/._-]/.test(s) ? 1 : 0,
    ];
  }
  return [...labels, ...general, ...amount, ...date, ...id, ...identifierFeatures(c, ctx, above)];
}

const oneHot = <T>(all: readonly T[], v: T | null) => all.map((x) => (x === v ? 1 : 0));

/**
 * What tells an invoice number from the other identifiers of a page: the label phrase touching
 * it (the document's own number, another's, or a bare "No."), a number word in a line that starts
 * with the document's title ("Teilrechnung (875) Nr. 210112 vom …"), a date right after it, the
 * amounts of a table row beside it, and its format (a VAT ID, an IBAN, a phone number… is another
 * thing's number). Zero for amounts and dates, so their scorers are not touched.
 */
function identifierFeatures(c: Candidate, ctx: DocContext, above: Array<{ text: string }>): number[] {
  const size = 2 * ID_LABELS.length + 7 + ID_FORMATS.length;
  if (c.kind !== 'id') return new Array<number>(size).fill(0);
  const line = ctx.lines[c.line];
  const before = line.text.slice(Math.max(0, c.start - 80), c.start);
  const left = idLabelAtEnd(before);
  const cellAbove = above.slice(0, 2).find((a) => a.text.trim());
  const overIt = cellAbove ? idLabelAtEnd(cellAbove.text) : null;
  const dateAfter = ctx.candidates.some(
    (d) =>
      d.kind === 'date' &&
      d.line === c.line &&
      d.start >= c.end &&
      /^[\s,]*(?:\p{L}{1,6}\.?)?[\s,]*$/u.test(line.text.slice(c.end, d.start)),
  );
  const value = c.value as string;
  return [
    ...oneHot(ID_LABELS, left),
    ...oneHot(ID_LABELS, overIt),
    left === 'number' && DOC_TITLE.test(before) ? 1 : 0,
    dateAfter ? 1 : 0,
    // Amounts beside it (a table row's prices), not its own digits read as an amount.
    Math.min(
      4,
      ctx.candidates.filter(
        (o) => o.line === c.line && o.kind === 'amount' && (o.end <= c.start || o.start >= c.end),
      ).length,
    ) / 4,
    value.includes('_') ? 1 : 0,
    c.reading === 'unglued' ? 1 : 0,
    c.reading === 'joined' ? 1 : 0,
    GLUED_LABEL.test(value) ? 1 : 0,
    ...oneHot(ID_FORMATS, identifierFormat(line.text, c.start, c.end)),
  ];
}

const same = (v: number, rules: number | null) => (rules !== null && Math.abs(v - rules) < 0.005 ? 1 : 0);

/** The feature vectors of all candidates of a document, in the candidates' order. */
export function featuresOf(lines: DocLine[], candidates: Candidate[], rules = NO_RULES): number[][] {
  const ctx = contextOf(lines, candidates, rules);
  return candidates.map((c) => candidateFeatures(c, ctx));
}

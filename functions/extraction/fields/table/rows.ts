import { findAmounts, findDates } from '../../../core/extraction/parse-values';
import { lineOf } from '../../text-layout';
import { LABEL_CLASSES } from '../lexicon';
import { type DocLine, spanBox } from '../lines';
import { letterBounded } from '../words';
import { type Column, findHeaders, headerColumns, type TableHeader } from './header';

/**
 * Row candidates of line-item tables: every line with money on it, read against the table
 * header above it (if any), with the features an "is an item row" model scores. Nothing here
 * names a document: the features are column alignment, arithmetic and general vocabulary.
 */
export interface Cell {
  raw: string;
  value: number;
  /** Character offsets in the line's text. */
  start: number;
  end: number;
  x0: number;
  x1: number;
  money: boolean;
  role: Column['role'] | null;
}

export interface RowCandidate {
  /** Index of the line in the document's reading order. */
  line: number;
  header: TableHeader | null;
  /** Numbers right of the description: quantity, unit price, amount, tax… */
  cells: Cell[];
  /** Numbers left in the description ("50 gal", "2 Nächte"). */
  description: string;
  amount: Cell;
  quantity: Cell | null;
  unitPrice: Cell | null;
  /** Whether quantity × unit price makes the amount. */
  reconciled: boolean;
}

export const ROW_FEATURE_NAMES = [
  'hasHeader',
  'headerSamePage',
  'linesFromHeader',
  'pagesFromHeader',
  'amountUnderAmountColumn',
  'amountLeftOfFigures',
  'cellUnderUnitColumn',
  'cellUnderQuantityColumn',
  'startsInDescriptionColumn',
  'reconciled',
  'unitEqualsAmount',
  'cells',
  'moneyCells',
  'letters',
  'words',
  'sumLabel',
  'sumWord',
  'taxWord',
  'paymentWord',
  'otherLabelWord',
  'colon',
  'date',
  'percent',
  'afterTotalsLine',
  'sumOfRowsAbove',
  'isLargestAmount',
  'amountShareOfLargest',
  'negative',
  'sameAmountAbove',
  'sameAmountBelow',
  'alignedAmounts',
  'alignedStarts',
  'relHeight',
  'y',
  'lastPage',
  'ocr',
  'ruleItem',
] as const;

type RowFeature = (typeof ROW_FEATURE_NAMES)[number];
const at = (name: RowFeature) => ROW_FEATURE_NAMES.indexOf(name);

/**
 * The rule without a trained model: a row under a header, with words, before any totals line and
 * not itself a sum, tax or payment line. The model also sees it as a feature.
 */
function ruleItem(x: number[]): boolean {
  const is = (name: RowFeature) => x[at(name)] > 0;
  return (
    is('hasHeader') &&
    is('letters') &&
    !is('afterTotalsLine') &&
    !is('sumLabel') &&
    !is('taxWord') &&
    !is('paymentWord') &&
    !is('sumOfRowsAbove')
  );
}

/** The rule's answer, read from a feature vector. */
export const isRuleItem = (x: number[]) => x[at('ruleItem')] > 0;

// Words of totals and tax lines, whole words only ("netto" is a sum, "nettoyage" an item).
const SUM_WORDS =
  /(?:^|[^\p{L}])(\p{L}*(?:summen?|betr[aä]ge?|totaal)|total|totals|sub-?total|grand\s*total|sum|summe|zwischensumme|gesamt\w*|netto(?:betrag|summe)?|brutto(?:betrag)?|rechnungsbetrag|endbetrag|zahlbetrag|zu\s*zahlen|montant|sous-total|net\s*[àa]\s*payer|totaal|subtotaal|te\s*betalen|importe|totale|subtotale|imponibile|imponible|amount\s*due|balance\s*due|net|ht|ttc|jumlah)(?=$|[^\p{L}])/iu;
const TAX_WORDS =
  /(?:^|[^\p{L}])(vat|tax|taxes|gst|sst|mwst|ust|tva|btw|iva|imposta|impuesto|\p{L}*steuer\p{L}*)(?=$|[^\p{L}])/iu;
const PAYMENT = letterBounded(
  /\b(paid|payment|received|balance|change|cash|tendered|card|credit|deposit|rounding|bezahlt|zahlung|gezahlt|pay[ée]|paiement|r[èe]glement|acompte|pagado|pago|betaald|betaling|pagato|pagamento|\w*anzahlung\w*|vorauszahlung|erhalten\w*|prepaid|prepayment)\b/i,
);
const OTHER_LABEL = new RegExp(
  `${LABEL_CLASSES.invoiceNumber.source}|${LABEL_CLASSES.invoiceDate.source}|${LABEL_CLASSES.dueDate.source}|\\b(iban|bic|swift|tel|phone|fax|e-?mail|www|http)`,
  'iu',
);

/** The column a cell's x-range falls under, within a character's slack. */
function columnOf(columns: Column[], x0: number, x1: number, slack: number): Column | null {
  let best: Column | null = null;
  let bestOverlap = 0;
  for (const c of columns) {
    const overlap = Math.min(x1, c.x1 + slack) - Math.max(x0, c.x0 - slack);
    if (overlap > bestOverlap) {
      best = c;
      bestOverlap = overlap;
    }
  }
  if (best) return best;
  // Right-aligned figures under a left-aligned heading (or the reverse): the nearest column.
  const centre = (x0 + x1) / 2;
  const near = columns
    .map((c) => ({ c, d: Math.min(Math.abs(c.x0 - centre), Math.abs(c.x1 - centre)) }))
    .sort((a, b) => a.d - b.d)[0];
  return near && near.d < slack * 4 ? near.c : null;
}

const near = (a: number, b: number) => Math.abs(a - b) <= 0.011 + Math.abs(b) * 0.005;

// Units a quantity is counted in, in the languages of the lexicon, with an optional plural ending
// ("Tag(e)"). OCR often drops the space between the count and its unit ("1Stk", "4kg", "3hrs"),
// which leaves the number glued to letters, where it is no amount.
const QUANTITY_UNIT =
  /^(-?\d+(?:[.,]\d{1,3})?)(?:pcs?|pce|pz|ea|each|units?|stk|st|stück|stck|kg|g|t|l|ltr|m|m2|m²|m3|m³|km|h|hrs?|std|min|tage?|days?|nächte|nights?|x|uds?|unid|stuks?|pi[eè]ces?)(?:\((?:e|en|n|s)\))?\.?$/iu;

/** The line's numbers outside dates, with their boxes; a count glued to its unit too ("1Stk"). */
function numbersOf(line: DocLine): Cell[] {
  const dates = findDates(line.text);
  const inDate = (i: number) => dates.some((d) => i >= d.index && i < d.index + d.raw.length);
  const cells: Cell[] = findAmounts(line.text)
    .filter((a) => !inDate(a.index))
    .map((a) => ({
      raw: a.raw,
      value: a.value,
      start: a.index,
      end: a.index + a.raw.length,
      ...spanBox(line, a.index, a.index + a.raw.length),
      money: a.hasDecimals || /^\D/.test(a.raw),
      role: null,
    }));
  let at = 0;
  for (const w of line.words) {
    const start = line.text.indexOf(w.text, at);
    if (start < 0) continue;
    at = start + w.text.length;
    const count = QUANTITY_UNIT.exec(w.text)?.[1];
    if (!count || cells.some((c) => c.start >= start && c.start < at)) continue;
    const value = Number(count.replace(',', '.'));
    cells.push({
      raw: count,
      value,
      start,
      end: start + count.length,
      x0: w.x0,
      x1: w.x1,
      money: false,
      role: null,
    });
  }
  return cells.sort((a, b) => a.start - b.start);
}

/**
 * The words of a row that describe the item: under the description column when the header
 * names one (up to the next column), else the words outside the figures; without a leading
 * position number or trailing currency signs.
 */
function descriptionOf(line: DocLine, cells: Cell[], columns: Column[]): string {
  const desc = columns.find((c) => c.role === 'description');
  let words = line.words;
  if (desc) {
    const next = columns.filter((c) => c.x0 > desc.x1).sort((a, b) => a.x0 - b.x0)[0];
    const before = columns.filter((c) => c.x1 < desc.x0).sort((a, b) => b.x1 - a.x1)[0];
    const from = before ? before.x1 + line.height * 0.5 : Number.NEGATIVE_INFINITY;
    const to = next ? next.x0 - line.height * 0.5 : Number.POSITIVE_INFINITY;
    // Whole runs that start in the description column (a long name drifts past the next heading).
    const runs = line.segments.filter((r) => r.x0 >= from && r.x0 < to);
    words = words.filter((w) => runs.some((r) => w.x0 >= r.x0 - 0.5 && w.x1 <= r.x1 + 0.5));
  }
  words = words.filter((w) => !cells.some((c) => w.x0 < c.x1 - 0.5 && w.x1 > c.x0 + 0.5));
  return words
    .map((w) => w.text)
    .join(' ')
    .replace(/^\s*(?:#|pos\.?)?\s*\d{1,3}[.)]?\s+(?=\S)/i, '')
    .replace(/(?:\s+(?:[€$£%*|:@x×-]|eur|usd|gbp|chf))+\s*$/i, '')
    .trim();
}

/** Reads one line as a table row under `header` (or none), or null when it has no money. */
export function readRow(line: DocLine, index: number, header: TableHeader | null): RowCandidate | null {
  const numbers = numbersOf(line);
  const slack = line.height;
  const columns = header?.columns ?? [];
  const numeric = columns.filter((c) => c.role !== 'description' && c.role !== 'other');
  if (numeric.length) {
    // Numbers left of every figure column belong to the description ("Solar tile 50 x 30").
    const firstFigure = Math.min(...numeric.map((c) => c.x0));
    const others = columns.filter((c) => c.role !== 'description');
    for (const n of numbers) {
      // Money under any other heading ("Montant HT") is a figure even left of the figure columns.
      const under = n.money && others.some((c) => n.x1 > c.x0 - slack && n.x0 < c.x1 + slack);
      n.role = n.x1 < firstFigure - slack * 2 && !under ? 'description' : null;
    }
  }
  const trailing = numbers.filter((n) => n.role !== 'description');
  // Without a header, the figures are the numbers after the last word of the description.
  let cells = trailing;
  if (!numeric.length) {
    const lastWordEnd = [...line.text.matchAll(/\p{L}{2,}/gu)].at(-1);
    const after = lastWordEnd ? lastWordEnd.index! + lastWordEnd[0].length : 0;
    cells = trailing.filter((n) => n.start >= after || !/\p{L}{3,}/u.test(line.text.slice(n.end)));
  }
  if (!cells.some((c) => c.money)) return null;
  for (const c of cells)
    c.role = columns.length ? (columnOf(columns, c.x0, c.x1, slack)?.role ?? null) : null;
  // The amount: the money under the amount column, else the last money on the line.
  const money = cells.filter((c) => c.money);
  const amount = [...money].reverse().find((c) => c.role === 'amount') ?? money.at(-1)!;
  let unitPrice = cells.find((c) => c.role === 'unit' && c !== amount) ?? null;
  let quantity = cells.find((c) => c.role === 'quantity' && c !== amount) ?? null;
  const others = cells.filter((c) => c !== amount && c.value > 0);
  let reconciled = !!(unitPrice && quantity && near(unitPrice.value * quantity.value, amount.value));
  if (!reconciled) {
    // Any two figures that multiply out to the amount are its quantity and unit price.
    outer: for (const q of others) {
      for (const u of others) {
        // A count is no money: of "300,00 × 2", the 2 is the quantity.
        if (q === u || !(q.value < 100000) || (q.money && !u.money)) continue;
        if (near(q.value * u.value, amount.value) && (q.value !== 1 || !quantity || quantity === q)) {
          quantity = q;
          unitPrice = u;
          reconciled = true;
          break outer;
        }
      }
    }
  }
  const description = descriptionOf(line, cells, columns);
  return { line: index, header, cells, description, amount, quantity, unitPrice, reconciled };
}

/**
 * A row printed on two visual lines: the figures of `line` without its amount, and the amount
 * alone just below it, under the amount column (cells aligned at the bottom of a tall row).
 */
function amountBelow(
  line: DocLine,
  next: DocLine | undefined,
  header: TableHeader,
): { line: DocLine; more: string } | null {
  if (!next || next.pageIndex !== line.pageIndex || next.y0 - line.y1 > line.height * 1.5) return null;
  // Words on the amount's line may only continue the description (left of every figure column).
  const figures = header.columns.filter((c) => c.role !== 'description' && c.role !== 'other');
  const firstFigure = Math.min(...figures.map((c) => c.x0));
  if (next.words.some((w) => /\p{L}{2,}/u.test(w.text) && w.x1 > firstFigure - line.height)) return null;
  if (headerColumns(next)) return null;
  // Only a row with figures of its own (quantity, unit price) continues on the line below.
  if (!numbersOf(line).some((n) => n.x1 > firstFigure - line.height * 2)) return null;
  const cells = numbersOf(next).filter((n) => n.x1 > firstFigure - line.height * 2);
  const amount = header.columns.find((c) => c.role === 'amount');
  if (!amount || cells.length !== 1 || !cells[0].money) return null;
  if (columnOf(header.columns, cells[0].x0, cells[0].x1, line.height)?.role !== 'amount') return null;
  const figureWords = next.words.filter((w) => w.x1 > firstFigure - line.height * 2);
  const more = next.words
    .filter((w) => !figureWords.includes(w))
    .map((w) => w.text)
    .join(' ');
  const merged = lineOf(line.page, [...line.words, ...figureWords]);
  return { line: { ...line, ...merged, y0: line.y0, y1: line.y1 }, more };
}

/** Every row candidate of the document: lines with money, each read under the header above it. */
export function rowCandidates(lines: DocLine[]): RowCandidate[] {
  const headers = findHeaders(lines);
  const headerLines = new Set(headers.map((h) => h.line));
  const out: RowCandidate[] = [];
  let h = -1;
  for (let i = 0; i < lines.length; i++) {
    while (h + 1 < headers.length && headers[h + 1].line < i) h++;
    if (headerLines.has(i)) continue;
    const header = h >= 0 ? headers[h] : null;
    let row = readRow(lines[i], i, header);
    if (header && row?.amount.role !== 'amount') {
      const merged = amountBelow(lines[i], lines[i + 1], header);
      const mergedRow = merged && readRow(merged.line, i, header);
      if (merged && mergedRow) {
        row = { ...mergedRow, description: `${mergedRow.description} ${merged.more}`.trim() };
        i++;
      }
    }
    if (row) out.push(row);
  }
  return out;
}

const count = (re: RegExp, s: string) => s.match(re)?.length ?? 0;

/** A few words before the figures, like a label ("Total", "Net amount 19%"), not an item's name. */
const labelLike = (words: string) => count(/\p{L}{2,}/gu, words) <= 4;
const labelText = (line: DocLine, row?: RowCandidate) =>
  row ? line.text.slice(0, Math.min(...row.cells.map((c) => c.start))) : line.text.replace(/[\d.,]+/g, '');

/** The feature vectors of a document's row candidates, in {@link ROW_FEATURE_NAMES} order. */
export function rowFeatures(lines: DocLine[], rows: RowCandidate[]): number[][] {
  const heights = lines.map((l) => l.height / Math.max(1, l.pageHeight)).sort((a, b) => a - b);
  const medianHeight = heights[Math.floor(heights.length / 2)] || 0.01;
  const largest = Math.max(0, ...rows.map((r) => Math.abs(r.amount.value)));
  // Lines that are a sum label with money ("Subtotal 150.00"), worked out once per line.
  const totalsFlags = new Map<number, boolean>();
  const totalsLine = (i: number) => {
    let flag = totalsFlags.get(i);
    if (flag === undefined) {
      const t = labelText(lines[i]);
      flag = labelLike(t) && SUM_WORDS.test(t) && numbersOf(lines[i]).some((n) => n.money);
      totalsFlags.set(i, flag);
    }
    return flag;
  };
  return rows.map((row, k) => {
    const line = lines[row.line];
    const header = row.header;
    const headerLine = header ? lines[header.line] : null;
    const columnX = (role: Column['role']) => header?.columns.find((c) => c.role === role);
    const descColumn = columnX('description') ?? header?.columns[0];
    const text = line.text;
    const desc = row.description;
    const label = labelText(line, row);
    const short = labelLike(label);
    const from = header ? header.line + 1 : 0;
    let afterTotals = 0;
    for (let i = Math.max(from, row.line - 60); i < row.line; i++) {
      if (lines[i].pageIndex !== line.pageIndex && !header) continue;
      if (totalsLine(i)) afterTotals = 1;
    }
    const above = rows.slice(0, k).filter((r) => r.line >= from && r.header === header);
    const sumAbove = above.reduce((s, r) => s + r.amount.value, 0);
    const samePage = rows.filter((r) => r !== row && lines[r.line].pageIndex === line.pageIndex);
    const slack = line.height * 1.5;
    const figures = header?.columns.filter((c) => c.role !== 'description' && c.role !== 'other') ?? [];
    const figureStart = figures.length ? Math.min(...figures.map((c) => c.x0)) : null;
    const sameNeighbour = (r: RowCandidate | undefined) =>
      !!r && Math.abs(r.line - row.line) <= 3 && near(r.amount.value, row.amount.value);
    const x = [
      header ? 1 : 0,
      headerLine && headerLine.pageIndex === line.pageIndex ? 1 : 0,
      header ? Math.min(1, (row.line - header.line) / 40) : 1,
      headerLine ? Math.min(3, line.pageIndex - headerLine.pageIndex) : 0,
      row.amount.role === 'amount' ? 1 : 0,
      // Under a header, money left of its figure columns is a detail of a line ("Gross price: 43.20").
      figureStart !== null && row.amount.x1 < figureStart - line.height ? 1 : 0,
      row.cells.some((c) => c.role === 'unit') ? 1 : 0,
      row.cells.some((c) => c.role === 'quantity') ? 1 : 0,
      descColumn && Math.abs(line.x0 - descColumn.x0) < line.height * 3 ? 1 : 0,
      row.reconciled ? 1 : 0,
      row.cells.some((c) => c !== row.amount && near(c.value, row.amount.value)) ? 1 : 0,
      Math.min(6, row.cells.length),
      Math.min(6, row.cells.filter((c) => c.money).length),
      Math.min(3, count(/\p{L}/gu, desc) / 20),
      Math.min(3, count(/\p{L}{2,}/gu, desc) / 4),
      short && SUM_WORDS.test(label) ? 1 : 0,
      SUM_WORDS.test(label) ? 1 : 0,
      short && TAX_WORDS.test(label) ? 1 : 0,
      PAYMENT.test(label) ? 1 : 0,
      OTHER_LABEL.test(desc) ? 1 : 0,
      /:/.test(desc) ? 1 : 0,
      findDates(text).length ? 1 : 0,
      /\d\s*%/.test(text) ? 1 : 0,
      afterTotals,
      above.length >= 2 && near(sumAbove, row.amount.value) ? 1 : 0,
      largest > 0 && Math.abs(row.amount.value) >= largest - 0.005 ? 1 : 0,
      largest > 0 ? Math.abs(row.amount.value) / largest : 0,
      row.amount.value < 0 ? 1 : 0,
      // A group and its detail line print the same figure (a section total over its one line).
      sameNeighbour(rows[k - 1]) ? 1 : 0,
      sameNeighbour(rows[k + 1]) ? 1 : 0,
      Math.min(5, samePage.filter((r) => Math.abs(r.amount.x1 - row.amount.x1) < slack).length) / 5,
      Math.min(5, samePage.filter((r) => Math.abs(lines[r.line].x0 - line.x0) < slack).length) / 5,
      line.height / Math.max(1, line.pageHeight) / medianHeight,
      (line.y0 + line.y1) / 2 / Math.max(1, line.pageHeight),
      line.pageIndex === line.pageCount - 1 ? 1 : 0,
      line.source === 'ocr' ? 1 : 0,
    ];
    x.push(ruleItem(x) ? 1 : 0);
    return x;
  });
}

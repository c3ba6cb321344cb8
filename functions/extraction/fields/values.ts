import { findAmounts, findDates, isVatId, VAT_COUNTRY } from '../../core/extraction/parse-values';
import { type Box, boxOfSpan, charIndexOfSegment, type DocLine } from './lines';

/**
 * Reading a field's value once its label is found: the readers that pick an amount, a date or an
 * identifier out of a piece of text, where a label's value stands (the rest of its line, else the
 * cell just below it), and the numbers that end a line (a row's price columns). A value is only
 * taken next to a label because invoices print many amounts, dates and codes, and the label is
 * what says which one is which.
 */

export interface Found {
  type: string;
  value: string;
  valueBox: Box;
  line: DocLine;
  label?: { text: string; box: Box };
  /** 0..100 */
  confidence: number;
  groups?: string[];
  /** The label and the words right after it, on the label's line (amounts). */
  labelContext?: string;
}

export type Reader = (text: string) => { value: string; from: number; to: number } | null;

/** Text with dates blanked out, so their digits are not read as amounts. */
export function withoutDates(text: string): string {
  let out = text;
  for (const d of findDates(text))
    out = out.slice(0, d.index) + ' '.repeat(d.raw.length) + out.slice(d.index + d.raw.length);
  return out.replace(/\b\d{1,2}:\d{2}(:\d{2})?\s*(am|pm)?\b/gi, (m) => ' '.repeat(m.length));
}

export const readAmount: Reader = (text) => {
  const amounts = findAmounts(withoutDates(text));
  const money = amounts.filter((a) => a.hasDecimals || /^\D/.test(a.raw));
  const chosen = money.at(-1);
  if (!chosen) return null;
  return { value: chosen.raw, from: chosen.index, to: chosen.index + chosen.raw.length };
};

export const readDate: Reader = (text) => {
  const d = findDates(text).find((x) => {
    const y = Number(x.alternatives[0].slice(0, 4));
    return y >= 1990 && y <= new Date().getUTCFullYear() + 2;
  });
  return d ? { value: d.raw, from: d.index, to: d.index + d.raw.length } : null;
};

/** A code read as capitals, one space and digits ("IBZY 2087"): OCR split one token in two. */
export const SPLIT_CODE = /([A-Z]{2,6}) (\d[A-Z0-9]{2,})(?![A-Za-z0-9]| ?[A-Za-z0-9])/;

export const readId: Reader = (text) => {
  const split = text.match(new RegExp(`^([^A-Za-z0-9]*)${SPLIT_CODE.source}`));
  if (split) {
    const from = split[1].length;
    return { value: `${split[2]}${split[3]}`, from, to: from + split[2].length + 1 + split[3].length };
  }
  const m = text.match(/#?\s*([A-Za-z0-9][A-Za-z0-9\-/._]*[A-Za-z0-9])/);
  if (!m || m.index === undefined) return null;
  const token = m[1];
  if (!/\d/.test(token) || token.length < 3) return null;
  if (findDates(token).some((d) => d.raw.length >= token.length - 1)) return null;
  const from = m.index + m[0].indexOf(token);
  return { value: token, from, to: from + token.length };
};

/**
 * The value that belongs to a label: the rest of the label's line, else the first line just below
 * the label (same column), else the line's next segment to the right.
 */
function valueFor(
  lines: DocLine[],
  line: DocLine,
  labelEnd: number,
  read: Reader,
  labelStart = 0,
): { value: string; box: Box; line: DocLine } | null {
  const rest = line.text.slice(labelEnd);
  const restTrimmed = rest.replace(/^[\s:#.\-—–=]+/, '');
  const offset = labelEnd + (rest.length - restTrimmed.length);
  // Stop at the next label on the same row ("Excl. VAT  € 593,36  Subtotal  € 717,97").
  const parts = restTrimmed.split(/(\s{2,})/);
  let restClean = '';
  for (let i = 0; i < parts.length; i += 2) {
    if (i > 0 && /\p{L}{4,}/u.test(parts[i]) && restClean.trim() !== '') break;
    restClean += (i > 0 ? parts[i - 1] : '') + parts[i];
  }
  const same = read(restClean);
  if (same) return { value: same.value, box: boxOfSpan(line, offset + same.from, offset + same.to), line };
  const labelBox = boxOfSpan(line, labelStart, labelEnd);
  const below = lines.filter(
    (l) =>
      l.page === line.page &&
      l.index > line.index &&
      l.y0 >= line.y1 - line.height * 0.3 &&
      l.y0 - line.y1 < line.height * 2.2 &&
      l.x0 < labelBox.x1 + line.height * 4 &&
      l.x1 > labelBox.x0 - line.height * 2,
  );
  for (const l of below.slice(0, 1)) {
    // Prefer the cell right under the label (labels side by side with their values below).
    const cell = l.segments.find((s) => s.x1 > labelBox.x0 - l.height && s.x0 < labelBox.x1 + l.height);
    const at = cell && l.segments.length > 1 ? charIndexOfSegment(l, cell) : -1;
    const inCell = cell && at >= 0 ? read(cell.text) : null;
    if (inCell) return { value: inCell.value, box: boxOfSpan(l, at + inCell.from, at + inCell.to), line: l };
    const v = read(l.text);
    if (v) return { value: v.value, box: boxOfSpan(l, v.from, v.to), line: l };
  }
  return null;
}

export function findLabelled(
  lines: DocLine[],
  labels: Array<[RegExp, number]>,
  read: Reader,
  type: string,
  skip: (line: DocLine) => boolean = () => false,
  rejectNear?: RegExp,
): Found[] {
  const out: Found[] = [];
  for (const line of lines) {
    if (skip(line)) continue;
    for (const [pattern, weight] of labels) {
      const m = line.text.match(pattern);
      if (!m || m.index === undefined) continue;
      // "Order date", "Due date": the word right before or inside the label disqualifies it.
      if (rejectNear?.test(line.text.slice(Math.max(0, m.index - 12), m.index + m[0].length))) continue;
      const found = foundAfterLabel(lines, line, m.index, m[0], read, type, weight / 100);
      if (!found) continue;
      out.push(found);
      break;
    }
  }
  return out;
}

/**
 * The field a label at `at` on `line` introduces (its value to the right or below), or undefined when no
 * readable value follows. Its confidence is the weaker of the two lines' OCR confidences times `weight`.
 */
export function foundAfterLabel(
  lines: DocLine[],
  line: DocLine,
  at: number,
  labelText: string,
  read: Reader,
  type: string,
  weight: number,
): Found | undefined {
  const end = at + labelText.length;
  const v = valueFor(lines, line, end, read, at);
  if (!v) return undefined;
  return {
    type,
    value: v.value,
    valueBox: v.box,
    line: v.line,
    label: { text: labelText.trim(), box: boxOfSpan(line, at, end) },
    confidence: weight * Math.min(line.confidence, v.line.confidence),
  };
}

export function firstBy(found: Found[]): Found | null {
  return found.sort((a, b) => b.confidence - a.confidence || a.line.index - b.line.index)[0] ?? null;
}

/** Numbers at the end of a line: its price columns. */
export function numericTail(line: DocLine): {
  start: number;
  numbers: Array<{ raw: string; value: number; box: Box; index: number }>;
} {
  const text = withoutDates(line.text);
  const amounts = findAmounts(text);
  const numbers: Array<{ raw: string; value: number; box: Box; index: number }> = [];
  let start = text.length;
  for (let i = amounts.length - 1; i >= 0; i--) {
    const a = amounts[i];
    const between = text.slice(a.index + a.raw.length, start);
    if (
      numbers.length > 0 &&
      !/^[\s%*+x@€$£|-]*(\d{1,2}(\.\d+)?\s*%[\s*+]*)*[A-Za-z]{0,3}[\s%*+x@€$£|-]*$/.test(between)
    )
      break;
    if (numbers.length === 0 && /[A-Za-z]{4,}/.test(between)) break;
    numbers.unshift({
      raw: a.raw,
      value: a.value,
      box: boxOfSpan(line, a.index, a.index + a.raw.length),
      index: a.index,
    });
    start = a.index;
  }
  return { start, numbers };
}

/**
 * Identifier formats that name something other than the document: a VAT ID, an IBAN or BIC, a
 * GS1 article or location number (GTIN/GLN), a phone number, a postal code before a town, a date
 * written without separators, a file name, a version string, a part of a URN or web address. An
 * invoice number is printed in none of these shapes unless its label says so; the learned scorer
 * gets the shape as a feature and learns how much it counts against a label.
 */
export const ID_FORMATS = [
  'vatId',
  'iban',
  'bic',
  'gs1',
  'phone',
  'postcode',
  'compactDate',
  'fileName',
  'version',
  'uri',
] as const;
export type IdFormat = (typeof ID_FORMATS)[number];

const VAT_COUNTRY_BEFORE = new RegExp(`(?:^|[^A-Za-z])${VAT_COUNTRY}\\s?$`);
const IBAN = /(?<![A-Z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?(?![A-Z0-9])/g;
const BIC = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;
const PHONE = /\+\d{1,3}[\s()/.-]*\d[\d\s()/.-]{5,}\d|\(0\d{1,5}\)\s*\d[\d\s/-]{3,}\d/g;
const FILE_NAME = /\.(?:xml|pdf|png|jpe?g|tiff?|txt|csv|json|docx?|xlsx?|zip|html?)$/i;
const VERSION = /^(?:v(?:er(?:sion)?)?\.?\d{1,3}(?:[._]\d{1,3}){0,3}|\d{1,2}p\d{1,2})$/i;
const URI_CHUNK = /(?:^|[^\p{L}])(?:urn|https?|ftp|mailto):|www\.|@/iu;

/** Whether a string of 12 to 14 digits ends with a valid GS1 (GTIN/GLN/EAN) check digit. */
export function isGs1(digits: string): boolean {
  if (!/^\d{12,14}$/.test(digits)) return false;
  let sum = 0;
  for (let i = digits.length - 2, k = 0; i >= 0; i--, k++) sum += Number(digits[i]) * (k % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

function isCompactDate(s: string): boolean {
  const m = s.match(/^(?:(19\d\d|20\d\d)(\d\d)(\d\d)|(\d\d)(\d\d)(19\d\d|20\d\d))$/);
  if (!m) return false;
  const [month, day] = m[1] ? [Number(m[2]), Number(m[3])] : [Number(m[5]), Number(m[4])];
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

const covers = (re: RegExp, text: string, start: number, end: number) =>
  [...text.matchAll(re)].some((m) => m.index <= start && m.index + m[0].length >= end);

/**
 * The format of the identifier printed at [start, end) of a line's text, or null when it has
 * none of {@link ID_FORMATS}: the value itself, and the run of non-space characters around it
 * (an IBAN in groups, a "+49 …" phone number, "urn:…:1p0").
 */
export function identifierFormat(text: string, start: number, end: number): IdFormat | null {
  const value = text.slice(start, end);
  const compact = value.replace(/[\s.]/g, '');
  const before = text.slice(0, start);
  const after = text.slice(end);
  const chunk = (before.match(/\S*$/)?.[0] ?? '') + value + (after.match(/^\S*/)?.[0] ?? '');
  if (covers(IBAN, text, start, end) && /\d{2}/.test(value)) return 'iban';
  if (isVatId(compact) || (/^\d{8,12}$/.test(compact) && VAT_COUNTRY_BEFORE.test(before))) return 'vatId';
  if (BIC.test(value) && /\d/.test(value.slice(6))) return 'bic';
  if (isGs1(compact)) return 'gs1';
  if (covers(PHONE, text, start, end)) return 'phone';
  if (/^\d{4,5}$/.test(value) && /^\s+\p{Lu}\p{Ll}{2,}/u.test(after) && !/\d\s*$/.test(before))
    return 'postcode';
  if (isCompactDate(compact)) return 'compactDate';
  if (FILE_NAME.test(chunk)) return 'fileName';
  if (VERSION.test(value)) return 'version';
  if (URI_CHUNK.test(chunk)) return 'uri';
  return null;
}

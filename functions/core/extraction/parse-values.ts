/**
 * Parsers for the values printed on invoices: amounts, dates and currencies, in the
 * notations of the languages the product meets (en, de, fr, nl, ms).
 */

/** An amount found inside a longer text. */
export interface AmountMatch {
  value: number;
  /** The characters that were read as the amount. */
  raw: string;
  index: number;
  /** True when the amount has decimals ("9.00"), which makes it far more likely to be money. */
  hasDecimals: boolean;
}

// Digits with optional thousands groups and decimals, optionally after a currency sign or code; a
// leading minus or surrounding parentheses mark a negative amount. Spaces inside the number are
// tolerated only as thousands separators
// before decimal commas ("1 234,56"), since OCR often puts spaces between separate numbers. Up to
// four decimals: unit prices and rates carry them ("5,5000" per kg, "0.1432" per kWh).
const AMOUNT_PATTERN =
  /(\(\s*)?(-\s?)?(?:(?:USD|EUR|GBP|MYR|INR|CAD|AUD|SGD|CHF|RM|Rs\.?)\s?|[$€£¥₹]\s?)?(-\s?)?(\d{1,3}(?:[,.'’]\d{3})+(?:[.,]\d{1,2})?|\d{1,3}(?: \d{3})+,\d{2}|\d+(?:[.,]\d{1,4})?)(?!\d)(\s*\))?/g;

/**
 * Reads one amount written in any common notation: `1,234.56`, `1.234,56`, `1 234,56`, `€ 399,00`,
 * `RM9.00`, `(12.00)`, `-0.01`. Returns null when the text holds no number.
 */
export function parseAmount(text: string | null | undefined): number | null {
  if (!text) return null;
  const all = findAmounts(text);
  if (all.length === 0) return null;
  // A value field usually holds one amount; when there are several, the last one with decimals is
  // the figure ("USD 47.90", "2 x 10.00 20.00").
  const withDecimals = all.filter((a) => a.hasDecimals);
  const withCurrency = all.filter((a) => /^\D/.test(a.raw));
  return (withDecimals.at(-1) ?? withCurrency.at(-1) ?? all.at(-1))!.value;
}

/** Every amount in a text, left to right (parts of dates, times, percentages and codes excluded). */
export function findAmounts(text: string): AmountMatch[] {
  const out: AmountMatch[] = [];
  for (const m of text.matchAll(AMOUNT_PATTERN)) {
    const digits = m[4];
    const value = readNumber(digits);
    if (value === null) continue;
    const startsWithDigit = /^\d/.test(m[0]);
    const before = text[m.index - 1] ?? '';
    // Digits glued to letters ("A1807", "2QE-226") or following a date separator or '#' ("12/02").
    if (/[A-Za-z0-9/#]/.test(before)) continue;
    if (startsWithDigit && before === ':' && /\d/.test(text[m.index - 2] ?? '')) continue;
    if (startsWithDigit && /[.,]/.test(before) && /\d/.test(text[m.index - 2] ?? '')) continue;
    const end = m.index + m[0].length;
    const after = text[end] ?? '';
    if (after === '%' || after === '/' || after === ':') continue;
    if (/[-.]/.test(after) && /\d/.test(text[end + 1] ?? '')) continue;
    // A month and year ("12.2024", "03/2025" is cut above) is a period, not an amount.
    if (/^(0?[1-9]|1[0-2])[.,](19|20)\d\d$/.test(digits)) continue;
    if (/[A-Za-z]/.test(after)) {
      const word = text.slice(end).match(/^[A-Za-z]+/)![0];
      // A lone "E" after cents is the "€" the OCR recogniser has no glyph for ("25,50E"; see
      // CURRENCY_SIGNS); after other figures it is a letter ("Suite 5E").
      const euroAsE = word === 'E' && /[.,]\d{2}$/.test(digits);
      if (!euroAsE && !/^(x|X|[A-Z]{3}|RM|e|pc|pcs|PC|PCS)$/.test(word)) continue;
    }
    const negative = Boolean(m[2] || m[3] || (m[1] && m[5]));
    out.push({
      value: negative ? -value : value,
      raw: m[0].trim(),
      index: m.index,
      hasDecimals: /[.,]\d{1,3}$/.test(digits) && !/^\d{1,3}(,\d{3})+$/.test(digits),
    });
  }
  return out;
}

function readNumber(digits: string): number | null {
  let s = digits.replace(/['’ ]/g, '');
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    // Both separators: the later one is the decimal point.
    s = lastComma > lastDot ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else if (lastComma >= 0) {
    const decimals = s.length - lastComma - 1;
    const commas = s.split(',').length - 1;
    s = commas === 1 && decimals !== 3 ? s.replace(',', '.') : s.replace(/,/g, '');
  } else if (lastDot >= 0) {
    const dots = s.split('.').length - 1;
    // "1.234.567" groups thousands; a single dot is a decimal point ("9.000" on receipts is 9).
    if (dots > 1) s = s.replace(/\./g, '');
  }
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** Day/month order of numeric dates: DMY (most of the world), MDY (United States). */
export type DateOrder = 'DMY' | 'MDY';

export interface DateMatch {
  /** YYYY-MM-DD in the preferred order. */
  iso: string;
  /** Both readings when the day/month order cannot be told from the numbers alone. */
  alternatives: string[];
  /** True when day and month could be swapped (both ≤ 12 and different). */
  ambiguous: boolean;
  /** Which order the numbers themselves prove, when one part is over 12. */
  provenOrder: DateOrder | null;
  index: number;
  raw: string;
}

const MONTHS: Record<string, number> = {};
const MONTH_NAMES: string[][] = [
  ['jan', 'january', 'januar', 'janvier', 'januari', 'enero', 'janeiro', 'jänner'],
  ['feb', 'february', 'februar', 'février', 'fevrier', 'februari', 'febrero', 'fev', 'fév'],
  ['mar', 'march', 'märz', 'maerz', 'mars', 'maart', 'marzo', 'mrt', 'mac'],
  ['apr', 'april', 'avril', 'abril', 'avr'],
  ['may', 'mai', 'mei', 'mayo', 'mei'],
  ['jun', 'june', 'juni', 'juin', 'junio'],
  ['jul', 'july', 'juli', 'juillet', 'julio', 'juil'],
  ['aug', 'august', 'août', 'aout', 'augustus', 'agosto', 'ogos'],
  ['sep', 'sept', 'september', 'septembre', 'septiembre', 'setembro'],
  ['oct', 'october', 'oktober', 'octobre', 'octubre', 'okt', 'okt.'],
  ['nov', 'november', 'novembre', 'noviembre'],
  ['dec', 'december', 'dezember', 'décembre', 'decembre', 'diciembre', 'dez', 'dis', 'disember'],
];
MONTH_NAMES.forEach((names, i) => {
  for (const n of names) MONTHS[n] = i + 1;
});
/** The month (1..12) a month name or abbreviation stands for, in the languages above; null for another word. */
export function monthOf(word: string): number | null {
  return MONTHS[word.toLowerCase().replace(/\.$/, '')] ?? null;
}
/** A month name or abbreviation as a capturing group of a regular expression. */
export const MONTH_WORD_PATTERN = `(${Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|')})\\.?`;
const MONTH_WORD = MONTH_WORD_PATTERN;

// Numeric dates: ISO first (unambiguous), then d/m/y or m/d/y with 4- or 2-digit years.
const ISO_DATE = /(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/g;
// One separator throughout, and not the tail of a code ("GB06-24/288", "EZ03-12/144" are articles)
// nor its middle, after digits and a separator ("KT40/5-17-09/360").
// A 2-digit year is never followed by another digit: "20.06.025" (a digit lost to OCR) is no date.
const NUMERIC_DATE = /(?<![\d\p{L}]|\d[-/.])(\d{1,2})\s?([-/.])\s?(\d{1,2})\s?\2\s?(\d{4}|\d{2}(?!\d))/gu;
const DAY_MONTH_YEAR = new RegExp(
  `(?<!\\d)(\\d{1,2})(?:st|nd|rd|th|er|\\.)?[\\s-]*${MONTH_WORD}[\\s,-]*(\\d{4}|'?\\d{2})(?!\\d)`,
  'gi',
);
const MONTH_DAY_YEAR = new RegExp(
  `${MONTH_WORD}\\s*(\\d{1,2})(?:st|nd|rd|th)?\\s*,?\\s*(\\d{4})(?!\\d)`,
  'gi',
);

function isoOf(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function fullYear(y: string): number {
  const n = Number(y.replace("'", ''));
  return y.replace("'", '').length === 2 ? 2000 + n : n;
}

/**
 * Every date in a text, in reading order. Numeric dates are read in `order` when the numbers
 * allow both readings; the match says so (`ambiguous`) and carries the other reading.
 */
export function findDates(text: string, order: DateOrder = 'DMY'): DateMatch[] {
  const found: DateMatch[] = [];
  const taken: Array<[number, number]> = [];
  const free = (i: number, len: number) => !taken.some(([a, b]) => i < b && i + len > a);
  const add = (m: DateMatch, len: number) => {
    if (!free(m.index, len)) return;
    taken.push([m.index, m.index + len]);
    found.push(m);
  };
  for (const m of text.matchAll(ISO_DATE)) {
    const iso = isoOf(Number(m[1]), Number(m[2]), Number(m[3]));
    if (iso)
      add(
        { iso, alternatives: [iso], ambiguous: false, provenOrder: null, index: m.index, raw: m[0] },
        m[0].length,
      );
  }
  for (const m of text.matchAll(DAY_MONTH_YEAR)) {
    const month = MONTHS[m[2].toLowerCase().replace(/\.$/, '')];
    const iso = month ? isoOf(fullYear(m[3]), month, Number(m[1])) : null;
    if (iso)
      add(
        { iso, alternatives: [iso], ambiguous: false, provenOrder: null, index: m.index, raw: m[0] },
        m[0].length,
      );
  }
  for (const m of text.matchAll(MONTH_DAY_YEAR)) {
    const month = MONTHS[m[1].toLowerCase().replace(/\.$/, '')];
    const iso = month ? isoOf(Number(m[3]), month, Number(m[2])) : null;
    if (iso)
      add(
        { iso, alternatives: [iso], ambiguous: false, provenOrder: null, index: m.index, raw: m[0] },
        m[0].length,
      );
  }
  for (const m of text.matchAll(NUMERIC_DATE)) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    const y = fullYear(m[4]);
    if (m[4].length === 2 && /[.]/.test(m[0]) && a > 31) continue;
    const dmy = isoOf(y, b, a);
    const mdy = isoOf(y, a, b);
    if (!dmy && !mdy) continue;
    const provenOrder: DateOrder | null = dmy && !mdy ? 'DMY' : mdy && !dmy ? 'MDY' : null;
    const preferred = order === 'DMY' ? (dmy ?? mdy)! : (mdy ?? dmy)!;
    const alternatives = [...new Set([dmy, mdy].filter((x): x is string => Boolean(x)))];
    add(
      {
        iso: preferred,
        alternatives,
        ambiguous: alternatives.length > 1,
        provenOrder,
        index: m.index,
        raw: m[0],
      },
      m[0].length,
    );
  }
  return found.sort((x, y) => x.index - y.index);
}

/** The first date in a text as YYYY-MM-DD, or null. */
export function parseDate(text: string | null | undefined, order: DateOrder = 'DMY'): string | null {
  if (!text) return null;
  return findDates(text, order)[0]?.iso ?? null;
}

/** ISO codes the product recognises when they are written out. */
const CURRENCY_CODES = [
  'USD',
  'EUR',
  'GBP',
  'MYR',
  'INR',
  'CAD',
  'AUD',
  'NZD',
  'SGD',
  'CHF',
  'JPY',
  'CNY',
  'HKD',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'ZAR',
  'MXN',
  'BRL',
  'IDR',
  'THB',
  'PHP',
  'AED',
];

// Symbols and local abbreviations, most specific first; weight says how much one sighting counts.
const CURRENCY_SIGNS: Array<{ pattern: RegExp; code: string; weight: number }> = [
  { pattern: /US\$/g, code: 'USD', weight: 3 },
  { pattern: /(?:C\$|CA\$)/g, code: 'CAD', weight: 3 },
  { pattern: /(?:A\$|AU\$)/g, code: 'AUD', weight: 3 },
  { pattern: /S\$/g, code: 'SGD', weight: 3 },
  { pattern: /€/g, code: 'EUR', weight: 2 },
  { pattern: /£/g, code: 'GBP', weight: 2 },
  { pattern: /₹/g, code: 'INR', weight: 2 },
  { pattern: /(?<![A-Za-z])Rs\.?\s?\d/g, code: 'INR', weight: 2 },
  { pattern: /(?<![A-Za-z])RM\s?\d|\(RM\)|(?<![A-Za-z])RM(?![A-Za-z])/g, code: 'MYR', weight: 2 },
  { pattern: /(?<![A-Za-z])\$/g, code: 'USD', weight: 1 },
  { pattern: /¥/g, code: 'JPY', weight: 2 },
  // Weak evidence, for scans where OCR lost the sign: "€" read as an "E" stuck to the amount
  // ("19,80E"), and an IBAN of a euro-area country.
  { pattern: /\d[.,]\d{2}E(?![A-Za-z])/g, code: 'EUR', weight: 1 },
  {
    pattern: /IBAN\s*:?\s*(?:AT|BE|CY|DE|EE|ES|FI|FR|GR|HR|IE|IT|LT|LU|LV|MT|NL|PT|SI|SK)\d{2}/g,
    code: 'EUR',
    weight: 1,
  },
];

export interface CurrencyGuess {
  code: string;
  /** 0..1: how clearly the document shows it. */
  confidence: number;
}

/**
 * Guesses the invoice currency from the document's text: written ISO codes, symbols (€, £, ₹) and
 * local abbreviations (RM → MYR, Rs → INR). A bare `$` counts as USD only when nothing more
 * specific is seen. Returns null when the text shows no currency at all.
 */
export function detectCurrency(texts: string[]): CurrencyGuess | null {
  const score = new Map<string, number>();
  const bump = (code: string, w: number) => score.set(code, (score.get(code) ?? 0) + w);
  for (const t of texts) {
    if (!t) continue;
    for (const code of CURRENCY_CODES) {
      const re = new RegExp(`(?<![A-Za-z])${code}(?![A-Za-z])`, 'g');
      const n = t.match(re)?.length ?? 0;
      if (n) bump(code, 3 * n);
    }
    let rest = t;
    for (const sign of CURRENCY_SIGNS) {
      const n = rest.match(sign.pattern)?.length ?? 0;
      if (n) bump(sign.code, sign.weight * n);
      rest = rest.replace(sign.pattern, ' ');
    }
  }
  if (score.size === 0) return null;
  const ranked = [...score.entries()].sort((a, b) => b[1] - a[1]);
  const [code, best] = ranked[0];
  const total = ranked.reduce((s, [, v]) => s + v, 0);
  const clarity = best / total;
  const strength = Math.min(1, best / 4);
  return { code, confidence: Math.round(clarity * (0.5 + 0.5 * strength) * 100) / 100 };
}

/** Which numeric date order fits a currency (and so the country) best. */
export function dateOrderForCurrency(code: string | null | undefined): DateOrder {
  return code === 'USD' ? 'MDY' : 'DMY';
}

/** EU, EFTA and UK VAT prefixes (Greece's is EL; XI is Northern Ireland), as a regular expression source. */
export const VAT_COUNTRY =
  '(?:AT|BE|BG|CH|CY|CZ|DE|DK|EE|EL|ES|FI|FR|GB|HR|HU|IE|IT|LT|LU|LV|MT|NL|NO|PL|PT|RO|SE|SI|SK|XI)';
const VAT_ID = new RegExp(`^${VAT_COUNTRY}(?=[A-Z0-9]*\\d{7})[A-Z0-9]{8,13}$`);

/** Whether an identifier written without spaces or dots is a VAT ID ("DE136695976", "ATU12345678"). */
export function isVatId(compact: string): boolean {
  return VAT_ID.test(compact);
}

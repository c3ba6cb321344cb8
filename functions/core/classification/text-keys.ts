/** Legal-form words that do not tell two businesses apart. */
const LEGAL_SUFFIXES =
  /\b(inc|incorporated|llc|l l c|ltd|limited|co|corp|corporation|company|plc|gmbh|ag|kg|sa|sas|sarl|bv|nv|pty|pte|sdn bhd|sdn|bhd|llp|lp|pllc|pc)\b/g;

/** Lower case, accents folded, punctuation as spaces. */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The key under which an organisation remembers a vendor: case, accents, punctuation and legal
 * suffixes removed, so "ACME Plumbing, Inc." and "Acme Plumbing LLC" share one key.
 */
export function normalizeVendorKey(name: string): string {
  return foldText(name).replace(LEGAL_SUFFIXES, ' ').replace(/\s+/g, ' ').trim();
}

/** A crude English stem, so "cockroaches", "painting" and "plowed" meet "cockroach", "paint", "plow". */
function stem(word: string): string {
  if (word.length <= 4) return word;
  return word.replace(/(ing|ed|es|e|s)$/, '');
}

/** Words that say nothing about the kind of expense. */
const STOP_WORDS = new Set([
  'in',
  'on',
  'of',
  'the',
  'and',
  'for',
  'to',
  'at',
  'with',
  'by',
  'from',
  'per',
  'each',
  'no',
  'unit',
  'units',
  'apt',
  'ea',
  'qty',
  'hr',
  'hrs',
]);

/** Stemmed words of two letters or more, for the classifier. */
export function words(text: string): string[] {
  return foldText(text)
    .split(' ')
    .filter((w) => w.length >= 2 && !/^\d+$/.test(w) && !STOP_WORDS.has(w))
    .map(stem);
}

/** 1 − edit distance / longer length. */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  if (!a || !b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return 1 - prev[b.length] / Math.max(a.length, b.length);
}

/** Dice coefficient over word sets. */
export function wordOverlap(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const sb = new Set(b);
  const common = new Set(a.filter((w) => sb.has(w))).size;
  return (2 * common) / (new Set(a).size + sb.size);
}

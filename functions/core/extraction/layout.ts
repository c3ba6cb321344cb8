import type { AnalyzeExpenseResponse } from './expense-types';

/**
 * The document's lines as positioned text, in a compact form kept with a processing run: what the
 * vendor memory (core/vendors/memory.ts) learns a layout from on approval and reads a later invoice
 * of that layout with. Both engines answer with LINE blocks (Textract's and the local engine's), so
 * one reading serves the cloud and `npm run extract`.
 */
export interface PageLine {
  page: number;
  text: string;
  /** The line's box as fractions of the page (Textract's BoundingBox). */
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Lines kept per document, characters per line and in all: bounds the run record (DynamoDB items ≤ 400 KB). */
const MAX_LINES = 600;
const MAX_LINE_CHARS = 200;
const MAX_TOTAL_CHARS = 30_000;

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** The LINE blocks of an analyser's answer, in reading order, without lines that have no geometry. */
export function layoutOf(response: AnalyzeExpenseResponse): PageLine[] {
  const lines: PageLine[] = [];
  let chars = 0;
  for (const doc of response.ExpenseDocuments ?? []) {
    for (const block of doc.Blocks ?? []) {
      const box = block.Geometry?.BoundingBox;
      const text = block.Text?.replace(/\s+/g, ' ').trim();
      if (block.BlockType !== 'LINE' || !text || !box) continue;
      const { Left: left, Top: top, Width: width, Height: height } = box;
      if (![left, top, width, height].every((n) => typeof n === 'number' && Number.isFinite(n))) continue;
      lines.push({
        page: block.Page ?? 1,
        text: text.slice(0, MAX_LINE_CHARS),
        left: round4(left as number),
        top: round4(top as number),
        width: round4(width as number),
        height: round4(height as number),
      });
      chars += Math.min(text.length, MAX_LINE_CHARS);
      if (lines.length >= MAX_LINES || chars >= MAX_TOTAL_CHARS) return lines;
    }
  }
  return lines;
}

/** Words of a fingerprint per layout: the first words of a page (its header and labels) suffice. */
const MAX_FINGERPRINT_WORDS = 160;

/** Lowercase letters only, accents folded: how labels are compared. */
export function labelWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 2);
}

/**
 * A layout's fingerprint: the distinct words of three letters or more its lines print, in reading
 * order: its issuer's name, address, labels and headings, which its template prints on every invoice,
 * beside the words of this invoice's own customer and items. Figures (amounts, dates, numbers) are
 * never part of it. Positions are left out on purpose: a longer item table moves every label below
 * it; where each field sits is the anchors' business (anchors.ts). Measured on the corpus's sellers
 * with several documents, two invoices of one template share ≥ 0.73 of their words (Coolblue, Au
 * bon moulin, the FeRD stylesheet's insurer) while one seller's two different templates share 0.42,
 * and two sellers' at most 0.06. Words of lines without figures alone (the labels) were tried: two
 * templates of one seller then looked as alike as two invoices of one template.
 */
export function fingerprintOf(lines: PageLine[]): string[] {
  const words = new Set<string>();
  for (const line of lines) {
    for (const w of labelWords(line.text)) {
      if (w.length < 3) continue;
      words.add(w);
      if (words.size >= MAX_FINGERPRINT_WORDS) return [...words];
    }
  }
  return [...words];
}

const MIN_SURE_WORDS = 8;

/**
 * How alike two fingerprints are, 0..1: the share of the smaller one the other has too (two
 * invoices of one template differ in their item rows and notes, so the smaller set is the template).
 */
export function fingerprintSimilarity(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const [small, large] = a.length <= b.length ? [a, new Set(b)] : [b, new Set(a)];
  // A handful of words matches any page: a short fingerprint counts for less.
  const sure = Math.min(1, small.length / MIN_SURE_WORDS);
  return (sure * small.filter((w) => large.has(w)).length) / small.length;
}

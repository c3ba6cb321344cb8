/**
 * Positioned text shared by the PDF text layer and the OCR engines: words grouped into visual
 * lines, in page units (PDF points or image pixels), with the page size to normalise them.
 */

export interface LayoutWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** 0..100 */
  confidence: number;
}

/** Words on one visual row, left to right. */
export interface LayoutLine {
  page: number;
  words: LayoutWord[];
  /** Runs of words separated by wide gaps (table cells, label and value columns). */
  segments: LayoutWord[];
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  confidence: number;
  /** Typical character height in page units. */
  height: number;
}

export interface LayoutPage {
  page: number;
  width: number;
  height: number;
  lines: LayoutLine[];
  /** Where the text came from: the PDF's own text layer, or OCR of a picture of the page. */
  source: 'pdf-text' | 'ocr';
  /** Clockwise degrees the page image was turned to read it upright (OCR only; absent when 0). */
  rotation?: 90 | 180 | 270;
}

/**
 * Groups words into lines: words whose vertical centres lie within half a word height belong to
 * the same row; rows are ordered top to bottom and words left to right. Segments split a row where
 * the gap is wider than about one character height (a column boundary rather than a space).
 */
export function groupIntoLines(page: number, words: LayoutWord[]): LayoutLine[] {
  const sorted = words
    // NFKC folds full-width forms OCR emits for CJK-trained models ("（M）" → "(M)").
    .map((w) => ({ ...w, text: w.text.normalize('NFKC') }))
    .filter((w) => w.text.trim() !== '')
    .sort((a, b) => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2 || a.x0 - b.x0);
  const rows: LayoutWord[][] = [];
  for (const w of sorted) {
    const centre = (w.y0 + w.y1) / 2;
    const h = w.y1 - w.y0;
    const row = rows.find((r) => {
      const rc = r.reduce((s, x) => s + (x.y0 + x.y1) / 2, 0) / r.length;
      const rh = r.reduce((s, x) => s + (x.y1 - x.y0), 0) / r.length;
      return Math.abs(rc - centre) < Math.min(h, rh) * 0.5;
    });
    if (row) row.push(w);
    else rows.push([w]);
  }
  return rows
    .map((r) => lineOf(page, r))
    .sort((a, b) => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2 || a.x0 - b.x0);
}

/** Builds a line (text, box, segments) from the words of one row. */
export function lineOf(page: number, rowWords: LayoutWord[]): LayoutLine {
  const words = [...rowWords].sort((a, b) => a.x0 - b.x0);
  const heights = words.map((w) => w.y1 - w.y0).sort((a, b) => a - b);
  const height = heights[Math.floor(heights.length / 2)] || 1;
  const segments: LayoutWord[] = [];
  let current: LayoutWord | null = null;
  for (const w of words) {
    if (current && w.x0 - current.x1 <= height * 1.1) {
      current = {
        text: `${current.text} ${w.text}`,
        x0: current.x0,
        y0: Math.min(current.y0, w.y0),
        x1: Math.max(current.x1, w.x1),
        y1: Math.max(current.y1, w.y1),
        confidence: Math.min(current.confidence, w.confidence),
      };
      segments[segments.length - 1] = current;
    } else {
      current = { ...w };
      segments.push(current);
    }
  }
  return {
    page,
    words,
    segments,
    text: segments.map((s) => s.text).join('  '),
    x0: Math.min(...words.map((w) => w.x0)),
    y0: Math.min(...words.map((w) => w.y0)),
    x1: Math.max(...words.map((w) => w.x1)),
    y1: Math.max(...words.map((w) => w.y1)),
    confidence: words.reduce((s, w) => s + w.confidence, 0) / words.length,
    height,
  };
}

/** How a run's width is shared among its characters: evenly (monospaced text, OCR lines) or by glyph. */
export type CharWidths = 'even' | 'proportional';

// Helvetica's advance widths (per 1000 em) for ' ' … '~'. Most invoice fonts (Helvetica, Arial, Liberation
// Sans, their clones) share them, and other proportional fonts are far closer to them than to even widths.
const PROPORTIONAL_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
  500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
  556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
  278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const widthOf = (ch: string) => PROPORTIONAL_WIDTHS[ch.charCodeAt(0) - 32] ?? 556;

/**
 * Splits a run of text with a known box into words, placing each word by the share of the run's width
 * its characters take (good enough for column alignment and field boxes when the engine reports whole
 * runs or lines).
 */
export function splitRun(
  text: string,
  box: Omit<LayoutWord, 'text'>,
  widths: CharWidths = 'even',
): LayoutWord[] {
  const tokens = [...text.matchAll(/\S+/g)];
  if (tokens.length === 0) return [];
  const chars = Array.from(text);
  // offsets[i]: the run's width before UTF-16 index i, in the units of the chosen widths.
  const offsets = new Array<number>(text.length + 1).fill(0);
  let at = 0;
  let index = 0;
  for (const ch of chars) {
    offsets[index] = at;
    at += widths === 'even' ? 1 : widthOf(ch);
    index += ch.length;
    offsets[index] = at;
  }
  const scale = (box.x1 - box.x0) / Math.max(1, at);
  return tokens.map((t) => ({
    text: t[0],
    x0: box.x0 + offsets[t.index] * scale,
    x1: box.x0 + offsets[t.index + t[0].length] * scale,
    y0: box.y0,
    y1: box.y1,
    confidence: box.confidence,
  }));
}

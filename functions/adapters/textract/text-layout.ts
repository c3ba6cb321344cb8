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

/**
 * Splits a run of text with a known box into words, placing each word in proportion to its
 * characters (good enough for column alignment when the engine reports whole runs or lines).
 */
export function splitRun(text: string, box: Omit<LayoutWord, 'text'>): LayoutWord[] {
  const tokens = [...text.matchAll(/\S+/g)];
  if (tokens.length === 0) return [];
  const perChar = (box.x1 - box.x0) / Math.max(1, text.length);
  return tokens.map((t) => ({
    text: t[0],
    x0: box.x0 + t.index * perChar,
    x1: box.x0 + (t.index + t[0].length) * perChar,
    y0: box.y0,
    y1: box.y1,
    confidence: box.confidence,
  }));
}

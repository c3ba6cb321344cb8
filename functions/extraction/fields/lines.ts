import type { ExpenseGeometry } from '../../core/extraction/expense-types';
import type { LayoutLine, LayoutPage, LayoutWord } from '../text-layout';

/**
 * The lines both the rules and the learned scorer read: every line of the document in reading
 * order, with its page's size and place in the document and, for each character of its text, the
 * word it came from, so that a value found in the text gets the box of its words. It also turns
 * those boxes into the page-relative geometry AnalyzeExpense reports.
 */

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A line of the document in reading order, with its page's size and place. */
export interface DocLine extends LayoutLine {
  /** Position in the document's reading order. */
  index: number;
  pageWidth: number;
  pageHeight: number;
  source: LayoutPage['source'];
  pageIndex: number;
  pageCount: number;
  /** For each character of `text`, the word it belongs to (-1 for separators). */
  charWord: number[];
}

/** The document's lines in reading order, page after page, each knowing its words' places in its text. */
export function docLines(pages: LayoutPage[]): DocLine[] {
  const out: DocLine[] = [];
  pages.forEach((p, pageIndex) => {
    for (const l of p.lines) {
      out.push({
        ...l,
        index: out.length,
        pageWidth: p.width,
        pageHeight: p.height,
        source: p.source,
        pageIndex,
        pageCount: pages.length,
        charWord: wordOfEachChar(l),
      });
    }
  });
  return out;
}

/** For each character of a line's text, the index of the word it belongs to (-1 between words). */
function wordOfEachChar(line: LayoutLine): number[] {
  const charWord = new Array<number>(line.text.length).fill(-1);
  let at = 0;
  line.words.forEach((w, i) => {
    const start = line.text.indexOf(w.text, at);
    if (start < 0) return;
    for (let k = start; k < start + w.text.length; k++) charWord[k] = i;
    at = start + w.text.length;
  });
  return charWord;
}

export function geometryOf(box: Box, line: DocLine): ExpenseGeometry {
  const left = clamp01(box.x0 / line.pageWidth);
  const top = clamp01(box.y0 / line.pageHeight);
  const width = clamp01((box.x1 - box.x0) / line.pageWidth);
  const height = clamp01((box.y1 - box.y0) / line.pageHeight);
  return {
    BoundingBox: { Left: left, Top: top, Width: width, Height: height },
    Polygon: [
      { X: left, Y: top },
      { X: left + width, Y: top },
      { X: left + width, Y: top + height },
      { X: left, Y: top + height },
    ],
  };
}

function clamp01(n: number): number {
  return Math.max(0, Math.min(1, Number.isFinite(n) ? n : 0));
}

export function union(boxes: Box[]): Box {
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
  };
}

/**
 * The x-range of characters [start, end) of a line, each character taking an even share of its
 * word's width (the learned scorer's candidates), where {@link boxOfSpan} takes whole words.
 */
export function spanBox(line: LayoutLine, start: number, end: number): { x0: number; x1: number } {
  let at = 0;
  let x0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  for (const w of line.words) {
    const wStart = line.text.indexOf(w.text, at);
    if (wStart < 0) continue;
    const wEnd = wStart + w.text.length;
    at = wEnd;
    if (wEnd <= start || wStart >= end) continue;
    // Part of a word ("Total:123.45"): its characters share the word's width evenly.
    const per = (w.x1 - w.x0) / Math.max(1, w.text.length);
    x0 = Math.min(x0, w.x0 + Math.max(0, start - wStart) * per);
    x1 = Math.max(x1, w.x1 - Math.max(0, wEnd - end) * per);
  }
  return Number.isFinite(x0) ? { x0, x1 } : { x0: line.x0, x1: line.x1 };
}

/** The box of the characters [from, to) of a line's text. */
export function boxOfSpan(line: DocLine, from: number, to: number): Box {
  const idx = new Set<number>();
  for (let i = Math.max(0, from); i < Math.min(to, line.charWord.length); i++) {
    if (line.charWord[i] >= 0) idx.add(line.charWord[i]);
  }
  const words = [...idx].map((i) => line.words[i]);
  return words.length ? union(words) : line;
}

/** Where a segment's text starts inside its line's text, or -1. */
export function charIndexOfSegment(line: DocLine, seg: LayoutWord): number {
  const first = line.words.findIndex((w) => w.x0 >= seg.x0 - 0.01 && w.x0 <= seg.x1);
  return first < 0 ? -1 : line.charWord.indexOf(first);
}

/** Key of one segment of one line. */
export const segKey = (line: DocLine, seg: number) => `${line.index}:${seg}`;

/**
 * A segment as the value of a key in a labelled block ("Telefon:  5578", "Anschrift: Musterstr. 1"):
 * the key is the segment's own text before a colon, or the segment before it when that one ends with
 * a colon; the value is the segment's text without its own key. The key is null when the segment has
 * none; a time ("08:30") or a web address is not a key and its value.
 */
export function keyedValue(line: LayoutLine, seg: number): { key: string | null; value: string } {
  const text = line.segments[seg]?.text ?? '';
  const own = text.match(/^\s*([^\d:]{2,40}?)\s*:(?!\/)\s*(?=\S)/u);
  if (own) return { key: own[1], value: text.slice(own[0].length) };
  const previous = line.segments[seg - 1]?.text.match(/^\s*([^:]{2,40}?)\s*:\s*$/u);
  return { key: previous ? previous[1] : null, value: text };
}

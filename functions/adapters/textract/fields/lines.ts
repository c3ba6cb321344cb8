import type { ExpenseGeometry } from '../../../core/extraction/expense-types';
import type { LayoutLine, LayoutPage, LayoutWord } from '../text-layout';

/**
 * The lines the rule-based detector reads: every line of the document in reading order, with its
 * page's size and, for each character of its text, the word it came from, so that a value found in
 * the text gets the box of its own words. It also turns those boxes into the page-relative
 * geometry AnalyzeExpense reports. The learned scorer reads the layout's lines as they are
 * (`candidates.ts`); the rules rebuild each line's text from its words, which differs from the
 * layout's text in a few lines with overlapping words, so the two are kept apart until a change
 * that may alter figures unifies them.
 */

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A line with its page size and position in reading order. */
export interface DocLine extends LayoutLine {
  index: number;
  pageWidth: number;
  pageHeight: number;
  /** For each character of `text`, the word it belongs to (-1 for separators). */
  charWord: number[];
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

/** The box of the characters [from, to) of a line's text. */
export function boxOfSpan(line: DocLine, from: number, to: number): Box {
  const idx = new Set<number>();
  for (let i = Math.max(0, from); i < Math.min(to, line.charWord.length); i++) {
    if (line.charWord[i] >= 0) idx.add(line.charWord[i]);
  }
  const words = [...idx].map((i) => line.words[i]);
  return words.length ? union(words) : line;
}

export function toDocLines(pages: LayoutPage[]): DocLine[] {
  const out: DocLine[] = [];
  for (const page of pages) {
    for (const l of page.lines) {
      // Rebuild the text word by word to know which word each character belongs to.
      let text = '';
      const charWord: number[] = [];
      let prevSegmentEnd = -1;
      l.words.forEach((w, i) => {
        if (i > 0) {
          const sep = w.x0 - prevSegmentEnd > l.height * 1.1 ? '  ' : ' ';
          text += sep;
          for (let k = 0; k < sep.length; k++) charWord.push(-1);
        }
        text += w.text;
        for (let k = 0; k < w.text.length; k++) charWord.push(i);
        prevSegmentEnd = w.x1;
      });
      out.push({ ...l, text, charWord, index: out.length, pageWidth: page.width, pageHeight: page.height });
    }
  }
  return out;
}

/** Where a segment's text starts inside its line's text, or -1. */
export function charIndexOfSegment(line: DocLine, seg: LayoutWord): number {
  const first = line.words.findIndex((w) => w.x0 >= seg.x0 - 0.01 && w.x0 <= seg.x1);
  return first < 0 ? -1 : line.charWord.indexOf(first);
}

/** Key of one segment of one line. */
export const segKey = (line: DocLine, seg: number) => `${line.index}:${seg}`;

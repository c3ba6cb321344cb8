import { labelWords, type PageLine } from './layout';
import { type DateOrder, findAmounts, findDates } from './parse-values';

/**
 * Where a field's value is printed on a layout, found from a value a person approved, and read again
 * on the next invoice of that layout. Three ways, most robust first:
 * - `inline`: after a label on the same line ("Invoice No: 1234", "TOTAL 12.50");
 * - `offset`: at a position relative to a label line (a value under its column heading, or a
 *   separate text block beside its label);
 * - `region`: at a place on the page, for a value printed without a label.
 */

export type ValueKind = 'amount' | 'date' | 'id';
export type Value = number | string;

export interface Anchor {
  how: 'inline' | 'offset' | 'region';
  /** The label's words (labelWords), for `inline` and `offset`. */
  label?: string[];
  page: number;
  /** The value's centre as fractions of the page (for `region`; kept for every anchor). */
  x: number;
  y: number;
  /** From the label's centre to the value's (`offset`). */
  dx?: number;
  dy?: number;
  /** Day/month order the date was printed in (`date` only). */
  order?: DateOrder;
}

interface Occurrence {
  line: number;
  start: number;
  end: number;
  value: Value;
  /** Every value the characters can be (a date read in both orders). */
  readings: Value[];
}

const ID = /[A-Za-z0-9][A-Za-z0-9\-/._]*[A-Za-z0-9]|[0-9]/g;
export const idKey = (v: unknown) =>
  String(v ?? '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');

/** The values of one kind printed on a line, left to right. */
function valuesIn(lines: PageLine[], index: number, kind: ValueKind, order: DateOrder): Occurrence[] {
  const text = lines[index].text;
  if (kind === 'amount')
    return findAmounts(text).map((a) => ({
      line: index,
      start: a.index,
      end: a.index + a.raw.length,
      value: a.value,
      readings: [a.value],
    }));
  if (kind === 'date')
    return findDates(text, order).map((d) => ({
      line: index,
      start: d.index,
      end: d.index + d.raw.length,
      value: d.iso,
      readings: d.alternatives,
    }));
  return [...text.matchAll(ID)]
    .filter((m) => /\d/.test(m[0]))
    .map((m) => ({ line: index, start: m.index, end: m.index + m[0].length, value: m[0], readings: [m[0]] }));
}

export function sameValue(kind: ValueKind, a: Value | null | undefined, b: Value | null | undefined) {
  if (a === null || a === undefined || b === null || b === undefined) return false;
  if (kind === 'amount') return Math.abs(Number(a) - Number(b)) < 0.005;
  if (kind === 'id') return idKey(a) !== '' && idKey(a) === idKey(b);
  return a === b;
}

/** The letter words of a text with where each ends, folded as labels are. */
function wordsWithEnds(text: string): Array<{ word: string; end: number }> {
  const out: Array<{ word: string; end: number }> = [];
  for (const m of text.matchAll(/\p{L}+/gu)) {
    for (const word of labelWords(m[0])) out.push({ word, end: m.index + m[0].length });
  }
  return out;
}

/** Where in `text` the label's words end (the first time they all appear in a row), or -1. */
function labelEnd(text: string, label: string[]): number {
  const words = wordsWithEnds(text);
  for (let i = 0; i + label.length <= words.length; i++) {
    if (label.every((w, j) => words[i + j].word === w)) return words[i + label.length - 1].end;
  }
  return -1;
}

const MAX_LABEL_WORDS = 4;

/** The label printed just before a value on its line: the letter words after the last figure. */
function inlineLabel(text: string, start: number): string[] {
  const before = text.slice(0, start);
  const tail = before.slice(before.search(/[^\d]*$/));
  return labelWords(tail).slice(-MAX_LABEL_WORDS);
}

/** The centre of characters `start..end` of a line, estimated from its box (characters ≈ equal width). */
function centreOf(line: PageLine, start: number, end: number): { x: number; y: number } {
  const n = Math.max(1, line.text.length);
  return { x: line.left + (line.width * (start + end)) / 2 / n, y: line.top + line.height / 2 };
}

const hasLetters = (t: string) => labelWords(t).length > 0;

/** The nearest label line beside (to the left, same row) or above a value, on its page. */
function labelLineNear(lines: PageLine[], at: Occurrence): number | null {
  const line = lines[at.line];
  const c = centreOf(line, at.start, at.end);
  let best: { index: number; d: number } | null = null;
  lines.forEach((l, i) => {
    if (i === at.line || l.page !== line.page || !hasLetters(l.text)) return;
    const ly = l.top + l.height / 2;
    const sameRow = Math.abs(ly - c.y) < line.height * 0.6 && l.left + l.width <= c.x;
    const above = ly < c.y && c.y - ly < 0.15 && l.left <= c.x + 0.1 && l.left + l.width >= c.x - 0.25;
    if (!sameRow && !above) return;
    const d = sameRow ? c.x - (l.left + l.width) : (c.y - ly) * 3 + Math.abs(l.left + l.width / 2 - c.x);
    if (!best || d < best.d) best = { index: i, d };
  });
  return (best as { index: number } | null)?.index ?? null;
}

const occurrencesOf = (lines: PageLine[], kind: ValueKind, order: DateOrder) =>
  lines.flatMap((_, i) => valuesIn(lines, i, kind, order));

/**
 * How to find `value` on this layout again, or null when it is not printed on it. Of several
 * places printing it, one with a label on its line wins, then one with a label line beside or above
 * it, then the first; among equals, a label printed once on the page wins (it cannot be confused).
 */
export function learnAnchor(lines: PageLine[], kind: ValueKind, value: Value): Anchor | null {
  const found: Array<{ anchor: Anchor; score: number }> = [];
  for (const order of kind === 'date' ? (['DMY', 'MDY'] as const) : (['DMY'] as const)) {
    for (const at of occurrencesOf(lines, kind, order)) {
      if (!sameValue(kind, at.value, value)) continue;
      const line = lines[at.line];
      const c = centreOf(line, at.start, at.end);
      const base = { page: line.page, x: c.x, y: c.y, ...(kind === 'date' ? { order } : {}) };
      const unique = (label: string[]) =>
        lines.filter((l) => labelEnd(l.text, label) >= 0).length === 1 ? 1 : 0;
      const inline = inlineLabel(line.text, at.start);
      if (inline.length > 0) {
        found.push({ anchor: { ...base, how: 'inline', label: inline }, score: 4 + unique(inline) });
        continue;
      }
      const near = labelLineNear(lines, at);
      if (near !== null) {
        const l = lines[near];
        const label = labelWords(l.text).slice(0, MAX_LABEL_WORDS);
        const lc = { x: l.left + l.width / 2, y: l.top + l.height / 2 };
        found.push({
          anchor: { ...base, how: 'offset', label, dx: c.x - lc.x, dy: c.y - lc.y },
          score: 2 + unique(label),
        });
        continue;
      }
      found.push({ anchor: { ...base, how: 'region' }, score: 0 });
    }
    // A date found in the vendor's own order is not looked for in the other.
    if (found.length > 0) break;
  }
  if (found.length === 0) return null;
  return found.reduce((a, b) => (b.score > a.score ? b : a)).anchor;
}

/** How far a value may be from where the anchor puts it, as fractions of the page. */
const NEAR_X = 0.12;
const NEAR_Y = 0.015;

/** A value read where an anchor points, with the box of its characters (for the review screen). */
export interface Recalled {
  value: Value;
  location: { page: number; left: number; top: number; width: number; height: number };
}

/** The box of characters `start..end` of a line, estimated as centreOf is. */
function boxOf(line: PageLine, o: Occurrence): Recalled['location'] {
  const n = Math.max(1, line.text.length);
  const round = (v: number) => Math.round(v * 10_000) / 10_000;
  return {
    page: line.page,
    left: round(line.left + (line.width * o.start) / n),
    top: line.top,
    width: round((line.width * (o.end - o.start)) / n),
    height: line.height,
  };
}

/**
 * The value the anchor points at on this layout, or null when its label is not printed or nothing
 * of the field's kind is where it should be.
 */
export function recallAnchor(lines: PageLine[], kind: ValueKind, anchor: Anchor): Recalled | null {
  const order = anchor.order ?? 'DMY';
  if (anchor.how === 'inline' && anchor.label) {
    for (let i = 0; i < lines.length; i++) {
      if (lines[i].page !== anchor.page) continue;
      const end = labelEnd(lines[i].text, anchor.label);
      if (end < 0) continue;
      // The value follows its label closely; text in between that is not punctuation is another field.
      const next = valuesIn(lines, i, kind, order).find((o) => o.start >= end);
      if (next && !hasLetters(lines[i].text.slice(end, next.start)))
        return { value: next.value, location: boxOf(lines[i], next) };
    }
    return null;
  }
  let target: { page: number; x: number; y: number } = anchor;
  if (anchor.how === 'offset' && anchor.label) {
    const label = anchor.label;
    const at = lines.find((l) => l.page === anchor.page && labelEnd(l.text, label) >= 0);
    if (!at) return null;
    target = {
      page: at.page,
      x: at.left + at.width / 2 + (anchor.dx ?? 0),
      y: at.top + at.height / 2 + (anchor.dy ?? 0),
    };
  }
  let best: { found: Recalled; d: number } | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.page !== target.page) continue;
    const tolY = Math.max(NEAR_Y, line.height);
    if (Math.abs(line.top + line.height / 2 - target.y) > tolY) continue;
    for (const o of valuesIn(lines, i, kind, order)) {
      const c = centreOf(line, o.start, o.end);
      const ex = Math.abs(c.x - target.x) / NEAR_X;
      const ey = Math.abs(c.y - target.y) / tolY;
      if (ex > 1) continue;
      const d = ex + ey;
      if (!best || d < best.d) best = { found: { value: o.value, location: boxOf(line, o) }, d };
    }
  }
  return best?.found ?? null;
}

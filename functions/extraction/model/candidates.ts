import { type DateOrder, findAmounts, findDates } from '../../core/extraction/parse-values';
import { GLUED_JOINER, GLUED_LABEL } from '../fields/lexicon';
import { type DocLine, spanBox } from '../fields/lines';
import { SPLIT_CODE } from '../fields/values';

/**
 * Candidate values of the scalar invoice fields, read from positioned lines: every amount, every
 * date and every identifier-like token, each with where it stands on its page. The model scores
 * them; decoding picks one per field.
 */
export type CandidateKind = 'amount' | 'date' | 'id';

export interface Candidate {
  kind: CandidateKind;
  /** The amount as a number, the date as YYYY-MM-DD, the identifier as printed. */
  value: number | string;
  raw: string;
  /** Index of the line in the document's reading order. */
  line: number;
  /** Character offsets of the value in the line's text. */
  start: number;
  end: number;
  /** The value's box in page units (from its characters' share of the line). */
  x0: number;
  x1: number;
  /**
   * An identifier read from a token other than as printed: with a number word or date joiner OCR
   * glued to it taken off ("Nr.210112vom" → 210112), or two OCR halves joined ("IBZY 2087").
   */
  reading?: 'unglued' | 'joined';
  /**
   * An amount read by joining a lone digit group to the figure after it ("1   671,95"): OCR often
   * puts a wide gap after a thousands digit, and the figure alone would lose it.
   */
  joined?: boolean;
}

const ID_TOKEN = /(?<![\p{L}\p{N}])[\p{L}\p{N}][\p{L}\p{N}/._-]{2,29}(?![\p{L}\p{N}])/gu;

/** Every amount, date and identifier-like token of the document. */
export function findCandidates(lines: DocLine[], order: DateOrder): Candidate[] {
  const out: Candidate[] = [];
  lines.forEach((line, li) => {
    const text = line.text;
    const dates = findDates(text, order);
    const inDate = (i: number) => dates.some((d) => i >= d.index && i < d.index + d.raw.length);
    for (const d of dates) {
      const box = spanBox(line, d.index, d.index + d.raw.length);
      out.push({
        kind: 'date',
        value: d.iso,
        raw: d.raw,
        line: li,
        start: d.index,
        end: d.index + d.raw.length,
        ...box,
      });
    }
    for (const a of findAmounts(text)) {
      if (inDate(a.index)) continue;
      const end = a.index + a.raw.length;
      out.push({
        kind: 'amount',
        value: a.value,
        raw: a.raw,
        line: li,
        start: a.index,
        end,
        ...spanBox(line, a.index, end),
      });
      const joined = joinedGroup(text, a.index, a.raw, a.value);
      if (joined && !inDate(joined.start)) {
        out.push({
          kind: 'amount',
          value: joined.value,
          raw: text.slice(joined.start, end),
          line: li,
          start: joined.start,
          end,
          ...spanBox(line, joined.start, end),
          joined: true,
        });
      }
    }
    const id = (start: number, end: number, reading?: Candidate['reading'], value = text.slice(start, end)) =>
      out.push({
        kind: 'id',
        value,
        raw: value,
        line: li,
        start,
        end,
        ...spanBox(line, start, end),
        ...(reading ? { reading } : {}),
      });
    for (const m of text.matchAll(ID_TOKEN)) {
      const raw = m[0].replace(/[._/-]+$/, '');
      // Identifier-shaped: has a digit, or joins letter groups with a separator ("INV-ABC", "AB/CD").
      const shaped = /\d/.test(raw) || /\p{Lu}[/_-]\p{L}/u.test(raw);
      if (!shaped || inDate(m.index)) continue;
      id(m.index, m.index + raw.length);
      const label = raw.match(GLUED_LABEL)?.[0].length ?? 0;
      const joiner = raw.slice(label).match(GLUED_JOINER)?.[0].length ?? 0;
      const inner = raw.slice(label, raw.length - joiner).replace(/[._/-]+$/, '');
      if ((label || joiner) && inner.length >= 3)
        id(m.index + label, m.index + label + inner.length, 'unglued');
    }
    for (const m of text.matchAll(new RegExp(SPLIT_CODE.source, 'g'))) {
      if (/[\p{L}\p{N}]/u.test(text[m.index - 1] ?? '')) continue;
      id(m.index, m.index + m[0].length, 'joined', `${m[1]}${m[2]}`);
    }
  });
  return out;
}

/**
 * "1   671,95": a figure of exactly three digits before its decimals, after a lone group of one to
 * three digits and a gap, may be one amount whose thousands group OCR set apart. Returns the joined
 * amount (the figure's sign and decimals kept) and where it starts.
 */
function joinedGroup(
  text: string,
  index: number,
  raw: string,
  value: number,
): { value: number; start: number } | null {
  if (!/^\d{3}[.,]\d{2}$/.test(raw)) return null;
  const m = text.slice(0, index).match(/(?<![\p{L}\p{N}.,:/-])(\d{1,3})\s+$/u);
  if (!m || m.index === undefined) return null;
  return { value: Number(m[1]) * 1000 + value, start: m.index };
}

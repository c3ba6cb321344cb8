import { type DateOrder, findAmounts, findDates } from '../../../core/extraction/parse-values';
import { type DocLine, spanBox } from './lines';

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
    }
    for (const m of text.matchAll(ID_TOKEN)) {
      const raw = m[0].replace(/[._/-]+$/, '');
      // Identifier-shaped: has a digit, or joins letter groups with a separator ("INV-ABC", "AB/CD").
      const shaped = /\d/.test(raw) || /\p{Lu}[/_-]\p{L}/u.test(raw);
      if (!shaped || inDate(m.index)) continue;
      const end = m.index + raw.length;
      out.push({
        kind: 'id',
        value: raw,
        raw,
        line: li,
        start: m.index,
        end,
        ...spanBox(line, m.index, end),
      });
    }
  });
  return out;
}

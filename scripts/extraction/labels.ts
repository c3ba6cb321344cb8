/**
 * Whether an extracted value matches a corpus label, by the rules of
 * ../shared/tools/score-extraction.mjs (amounts within 0.01, ISO dates, identifiers without
 * punctuation, vendor names alike). Used to mark training candidates and to calibrate confidence;
 * the reported figures come from the scorer itself.
 */
import { similarity } from '../../functions/core/classification/text-keys';
import { type FieldsWith, fieldsWith } from '../../shared/invoice-fields';

export const SCORED_FIELDS = fieldsWith('scored');
export type ScoredField = FieldsWith<'scored'>;

type Label = Record<string, unknown>;

const amountOf = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number') return v;
  const s = String(v).replace(/[^0-9.,-]/g, '');
  const norm =
    /,\d{2}$/.test(s) && !/\.\d{2}$/.test(s) ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  const n = Number(norm);
  return Number.isFinite(n) ? n : null;
};
const iso = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null);
const SUFFIX =
  /\b(inc|incorporated|llc|l l c|ltd|limited|co|corp|corporation|company|plc|gmbh|sa|sas|sarl|bv|sdn bhd|sdn|bhd|pte|pty|enterprise|enterprises|trading)\b/g;
const plain = (v: unknown) =>
  (v == null ? '' : String(v))
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
const nameOf = (v: unknown) => plain(v).replace(SUFFIX, ' ').replace(/\s+/g, ' ').trim();
export const idNorm = (v: unknown) => (v == null ? '' : String(v)).toUpperCase().replace(/[^A-Z0-9]/g, '');

const contains = (a: string, b: string) => {
  const [s, l] = a.length <= b.length ? [a, b] : [b, a];
  const words = s.split(' ').filter(Boolean);
  const have = new Set(l.split(' '));
  return words.length >= 2 && words.every((w) => have.has(w));
};

function labelDates(l: Label, key: string): string[] {
  const one = iso(l[key]);
  if (one) return [one];
  const alts = l[`${key}Candidates`];
  return Array.isArray(alts) ? (alts.map(iso).filter(Boolean) as string[]) : [];
}
function names(l: Label): string[] {
  const aliases = Array.isArray(l.vendorNameAliases) ? l.vendorNameAliases : [];
  return [l.vendorName, ...aliases].map(nameOf).filter(Boolean);
}

/** Whether the label gives this field (only labelled fields are scored). */
export function isLabelled(l: Label, field: ScoredField): boolean {
  switch (field) {
    case 'vendorName':
      return names(l).length > 0;
    case 'vendorAddress':
      return plain(l.vendorAddress) !== '';
    case 'invoiceNumber':
      return idNorm(l.invoiceNumber) !== '';
    case 'invoiceDate':
    case 'dueDate':
      return labelDates(l, field).length > 0;
    case 'currency':
      return typeof l.currency === 'string' && l.currency !== '';
    default:
      return amountOf(l[field]) !== null;
  }
}

/** Whether a predicted value is right for a labelled field. */
export function isCorrect(l: Label, field: ScoredField, value: unknown): boolean {
  switch (field) {
    case 'vendorName': {
      const got = nameOf(value);
      return names(l).some((n) => similarity(n, got) >= 0.8 || contains(n, got));
    }
    case 'vendorAddress':
      return similarity(plain(l.vendorAddress), plain(value)) >= 0.8;
    case 'invoiceNumber':
      return idNorm(l.invoiceNumber) === idNorm(value);
    case 'invoiceDate':
    case 'dueDate':
      return labelDates(l, field).includes(iso(value) ?? '');
    case 'currency':
      return String(value ?? '').toUpperCase() === String(l.currency).toUpperCase();
    default: {
      const a = amountOf(l[field]);
      const b = amountOf(value);
      return a !== null && b !== null && Math.abs(a - b) <= 0.01;
    }
  }
}

import { fieldWords } from '../../../shared/invoice-fields';
import {
  type Anchor,
  learnAnchor,
  recallAnchor,
  sameValue,
  type Value,
  type ValueKind,
} from '../extraction/anchors';
import { fingerprintOf, fingerprintSimilarity, type PageLine } from '../extraction/layout';
import { addsUpToTotal } from '../extraction/tax-rates';
import type { ExtractedInvoice } from '../extraction/types';
import { LOW_CONFIDENCE } from '../validation/validate';

/**
 * What the organization learns from the invoices its people correct and approve, per vendor and per
 * layout: for each field, where that vendor's template prints it (an anchor, core/extraction/anchors.ts).
 * The vendor's next invoice of the same layout is read from memory first; the reading fills the rest.
 * Every anchor keeps its own record of how often later approved invoices proved it right: an anchor
 * whose value was corrected again loses weight and, below MIN_WEIGHT, is not used (it may earn its
 * weight back on later approvals, which still count it). Pure functions: the organization's memory is
 * stored by adapters/dynamodb/vendor-memory.ts, one item per vendor, never shared across organizations.
 */

/** The fields a layout memory reads, and the kind of value each is. */
export const MEMORY_FIELDS = {
  invoiceNumber: 'id',
  invoiceDate: 'date',
  dueDate: 'date',
  subtotal: 'amount',
  taxAmount: 'amount',
  totalAmount: 'amount',
  amountDue: 'amount',
  accountNumber: 'id',
  servicePeriodStart: 'date',
  servicePeriodEnd: 'date',
} as const satisfies Record<string, ValueKind>;
export type MemoryField = keyof typeof MEMORY_FIELDS;
const FIELDS = Object.keys(MEMORY_FIELDS) as MemoryField[];

/** How a person reads a field's name: in the note that says what memory read, and on the vendor's page. */
export const FIELD_WORDS = Object.fromEntries(FIELDS.map((field) => [field, fieldWords(field)])) as Record<
  MemoryField,
  string
>;

/** One way to find a field on a layout, with its record on the approvals since it was learned. */
export interface FieldMemory extends Anchor {
  right: number;
  wrong: number;
  learnedAt: string;
  /**
   * Whether the person changed (or filled in) the reading's value on the invoice it was learned from:
   * the reading is known to miss there. Absent on memories stored before it was kept: taken as true.
   */
  corrected?: boolean;
}

/** What is remembered of one of a vendor's layouts. */
export interface LayoutMemory {
  id: string;
  fingerprint: string[];
  fields: Partial<Record<MemoryField, FieldMemory[]>>;
  /** Approved invoices of this layout learned from, and when the last one was. */
  approvals: number;
  learnedAt: string;
  approvedAt: string;
}

/** Bounds per vendor: its layouts (the least recently approved goes first), and anchors per field. */
export const MAX_LAYOUTS_PER_VENDOR = 5;
export const MAX_ANCHORS_PER_FIELD = 3;
/**
 * Fingerprint similarity from which two documents are one layout: two invoices of one template share
 * ≥ 0.73 of their words in the corpus, one seller's two templates 0.42 (see fingerprintOf).
 */
export const SAME_LAYOUT = 0.6;
/** An anchor is used while its weight is at least this: a new one is; one miss after it is learned is not. */
export const MIN_WEIGHT = 0.6;
/** A template keeps the words its invoices share once at least this many are left (see learnLayout). */
const MIN_TEMPLATE_WORDS = 12;

/**
 * An anchor's weight: its share of right readings, counting the approval it was learned from (where
 * it read the approved value, or it would not have been kept) as one right.
 */
export const weightOf = (m: Pick<FieldMemory, 'right' | 'wrong'>) => (m.right + 1) / (m.right + m.wrong + 1);

/**
 * The confidence of a value read from memory: 0.9 for an anchor learned from one approved invoice (the
 * skip-review mark: a person put the value there on this very layout), rising with each later right
 * reading and falling with each wrong one, so a memory that was corrected goes to review again.
 */
export const memoryConfidence = (m: Pick<FieldMemory, 'right' | 'wrong'>) =>
  Math.round(((m.right + 9) / (m.right + m.wrong + 10)) * 100) / 100;

/** The vendor's remembered layout this document is, or null when it is none of them. */
export function matchLayout(
  layouts: LayoutMemory[],
  fingerprint: string[],
): { layout: LayoutMemory; similarity: number } | null {
  let best: { layout: LayoutMemory; similarity: number } | null = null;
  for (const layout of layouts) {
    const similarity = fingerprintSimilarity(layout.fingerprint, fingerprint);
    if (similarity >= SAME_LAYOUT && (!best || similarity > best.similarity)) best = { layout, similarity };
  }
  return best;
}

/** A field's anchors still trusted, surest first. */
const usable = (anchors: FieldMemory[] = []) =>
  anchors
    .filter((a) => weightOf(a) >= MIN_WEIGHT)
    .sort((a, b) => weightOf(b) - weightOf(a) || b.right - a.right);

/** Below LOW_CONFIDENCE: an unconfirmed memory that overrides the reading is flagged for review, with its reason. */
const UNCONFIRMED_OVERRIDE_CONFIDENCE = LOW_CONFIDENCE - 0.05;

export interface RecalledField {
  value: Value;
  confidence: number;
  /** The anchor has read right on at least one later approval (not only on the invoice it was learned from). */
  confirmed: boolean;
  /** It was learned where the person corrected the reading (FieldMemory.corrected). */
  corrected: boolean;
  location: { page: number; left: number; top: number; width: number; height: number };
}

/** What the layout's memory reads on these lines, field by field (a field it cannot read is absent). */
export function recallFields(
  lines: PageLine[],
  layout: LayoutMemory,
): Partial<Record<MemoryField, RecalledField>> {
  const out: Partial<Record<MemoryField, RecalledField>> = {};
  for (const field of FIELDS) {
    for (const anchor of usable(layout.fields[field])) {
      const found = recallAnchor(lines, MEMORY_FIELDS[field], anchor);
      if (!found) continue;
      out[field] = {
        ...found,
        confidence: memoryConfidence(anchor),
        confirmed: anchor.right > 0,
        corrected: anchor.corrected !== false,
      };
      break;
    }
  }
  return out;
}

/** Fields whose location the review screen shows (the invoice's own fields, not the account ones). */
const EXTRACTED_LOCATED: Partial<Record<MemoryField, keyof ExtractedInvoice['locations']>> = {
  invoiceNumber: 'invoiceNumber',
  invoiceDate: 'invoiceDate',
  dueDate: 'dueDate',
  subtotal: 'subtotal',
  taxAmount: 'taxAmount',
  totalAmount: 'totalAmount',
};

export interface Remembered {
  invoice: ExtractedInvoice;
  /** For the reviewer: which fields were read from memory. */
  note: string;
  layoutId: string;
  fields: MemoryField[];
}

/**
 * The reading with what the vendor's memory of this layout reads put first, or null when no memory
 * applies (no layout of the vendor's matches, or it reads nothing here): then the reading stands
 * exactly as it was. Where memory and reading agree the value keeps the surer confidence. Where they
 * differ, memory wins with its own confidence and location once a later approval confirmed it, or
 * when it was learned from a correction (the reading is known to miss there), below the skip-review
 * mark until confirmed. A memory neither confirmed nor learned from a correction only marked where
 * the reading had it right once: where it now reads otherwise the reading stands, in doubt, for a
 * person. A value the document's e-invoice XML states (confidence 1) is never replaced: it is stated,
 * not read.
 */
export function applyLayoutMemory(
  read: ExtractedInvoice,
  lines: PageLine[],
  layouts: LayoutMemory[],
): Remembered | null {
  if (layouts.length === 0 || lines.length === 0) return null;
  const match = matchLayout(layouts, fingerprintOf(lines));
  if (!match) return null;
  const recalled = recallFields(lines, match.layout);
  const invoice: ExtractedInvoice = {
    ...read,
    confidence: { ...read.confidence },
    locations: { ...read.locations },
  };
  const fields: MemoryField[] = [];
  const changed: MemoryField[] = [];
  const doubted: MemoryField[] = [];
  for (const field of FIELDS) {
    const found = recalled[field];
    const readConfidence = read.confidence[field] ?? 0;
    if (!found || readConfidence >= 1) continue;
    fields.push(field);
    if (sameValue(MEMORY_FIELDS[field], read[field], found.value)) {
      invoice.confidence[field] = Math.max(found.confidence, readConfidence);
      continue;
    }
    // A memory no later approval has confirmed yet may be wrong where the reading is right (replayed on
    // the corpus's recurring sellers, such departures were wrong more often than right): its first
    // departure from the reading goes to a person, and passes alone only once it has read right.
    if (!found.confirmed && !found.corrected && read[field] !== null) {
      invoice.confidence[field] = Math.min(readConfidence, UNCONFIRMED_OVERRIDE_CONFIDENCE);
      doubted.push(field);
      continue;
    }
    invoice.confidence[field] = found.confirmed
      ? found.confidence
      : Math.min(found.confidence, UNCONFIRMED_OVERRIDE_CONFIDENCE);
    changed.push(field);
    (invoice as unknown as Record<MemoryField, Value>)[field] = found.value;
    const located = EXTRACTED_LOCATED[field];
    if (located) invoice.locations[located] = found.location;
  }
  if (fields.length === 0) return null;
  const words = (list: MemoryField[]) => list.map((f) => FIELD_WORDS[f]).join(', ');
  const note =
    `Read as on this vendor's approved invoices of this layout: ${words(fields)}` +
    (changed.length ? ` (differs from the reading: ${words(changed)}).` : '.') +
    (doubted.length ? ` Check ${words(doubted)}: not where this vendor's approved invoices print it.` : '');
  return { invoice, note, layoutId: match.layout.id, fields };
}

export type ApprovedValues = Partial<Record<MemoryField, Value | null>>;

/** A new anchor for the approved value, kept only when it reads that value back on its own layout. */
function learnField(
  lines: PageLine[],
  field: MemoryField,
  value: Value,
  now: string,
  corrected: boolean,
): FieldMemory | null {
  const kind = MEMORY_FIELDS[field];
  const anchor = learnAnchor(lines, kind, value);
  if (!anchor || !sameValue(kind, recallAnchor(lines, kind, anchor)?.value, value)) return null;
  return { ...anchor, right: 0, wrong: 0, learnedAt: now, corrected };
}

/**
 * The amounts that do not add up on an approval: its subtotal and tax when subtotal plus tax is not
 * its total (to the cent). Approved so, one of them is not what the page means (the review screen
 * said so), and a memory of either would repeat it on every later invoice.
 */
export const unreconciled = (approved: ApprovedValues): MemoryField[] =>
  addsUpToTotal(approved) === false ? ['subtotal', 'taxAmount'] : [];

/**
 * The vendor's memory after a person approved an invoice of this layout with these values (the
 * approved ones, never the reading's). The layout it matches counts each of its anchors right or
 * wrong against the approved value (an anchor that reads a value the person left empty is wrong), and
 * learns a new anchor for each value none of them read, marked corrected where the approved value is
 * not what the invoice was read as (`read`, the reading the person started from; without it every
 * value counts as corrected). The template's fingerprint keeps the words both have. A layout not
 * remembered yet is added, and the least recently approved one goes beyond MAX_LAYOUTS_PER_VENDOR. A
 * page without text or without any approved value printed teaches nothing, and amounts that do not
 * add up (unreconciled) teach nothing either way.
 */
export function learnLayout(
  layouts: LayoutMemory[],
  lines: PageLine[],
  approved: ApprovedValues,
  context: { now: string; newId: () => string; read?: ApprovedValues },
): LayoutMemory[] {
  const { now, read } = context;
  const fingerprint = fingerprintOf(lines);
  if (fingerprint.length === 0) return layouts;
  const match = matchLayout(layouts, fingerprint);
  const fields: LayoutMemory['fields'] = {};
  const doubtful = unreconciled(approved);
  for (const field of FIELDS) {
    const kind = MEMORY_FIELDS[field];
    if (doubtful.includes(field)) {
      const kept = match?.layout.fields[field];
      if (kept) fields[field] = kept;
      continue;
    }
    const value = approved[field] ?? null;
    let readRight = false;
    const scored = (match?.layout.fields[field] ?? []).map((anchor) => {
      const read = recallAnchor(lines, kind, anchor)?.value ?? null;
      if (value === null && read === null) return anchor;
      const right = value !== null && sameValue(kind, read, value);
      readRight ||= right;
      return right ? { ...anchor, right: anchor.right + 1 } : { ...anchor, wrong: anchor.wrong + 1 };
    });
    const corrected = !read || !sameValue(kind, read[field], value);
    const learned = value !== null && !readRight ? learnField(lines, field, value, now, corrected) : null;
    const anchors = [...scored, ...(learned ? [learned] : [])]
      .sort((a, b) => weightOf(b) - weightOf(a) || b.learnedAt.localeCompare(a.learnedAt))
      .slice(0, MAX_ANCHORS_PER_FIELD);
    if (anchors.length > 0) fields[field] = anchors;
  }
  if (match) {
    const shared = match.layout.fingerprint.filter((w) => fingerprint.includes(w));
    const updated: LayoutMemory = {
      ...match.layout,
      fingerprint: shared.length >= MIN_TEMPLATE_WORDS ? shared : match.layout.fingerprint,
      fields,
      approvals: match.layout.approvals + 1,
      approvedAt: now,
    };
    return layouts.map((l) => (l.id === updated.id ? updated : l));
  }
  if (Object.keys(fields).length === 0) return layouts;
  const added: LayoutMemory = {
    id: context.newId(),
    fingerprint,
    fields,
    approvals: 1,
    learnedAt: now,
    approvedAt: now,
  };
  return [added, ...layouts]
    .sort((a, b) => b.approvedAt.localeCompare(a.approvedAt))
    .slice(0, MAX_LAYOUTS_PER_VENDOR);
}

/** The approved invoice's values of the fields memory learns (null where the invoice has none). */
export function approvedValuesOf(invoice: Partial<Record<MemoryField, unknown>>): ApprovedValues {
  const out: ApprovedValues = {};
  for (const field of FIELDS) {
    const v = invoice[field];
    out[field] = typeof v === 'number' || (typeof v === 'string' && v.trim() !== '') ? v : null;
  }
  return out;
}

import type { ExpenseField, ExpenseLineItem } from '../../../core/extraction/expense-types';
import { type DateOrder, parseAmount, parseDate } from '../../../core/extraction/parse-values';
import type { Candidate } from './candidates';
import { LEARNED_FIELDS, type LearnedField, type Picks } from './decode';

/**
 * Evidence beside a field's raw confidence that makes its value near-certain or doubtful, for the
 * calibrator (calibration.ts): general checks of the reading, never of one layout. Each is 0 where
 * it does not apply, so a field's calibrator learns a weight only for the evidence it has.
 */
export const EVIDENCE_NAMES = [
  /** Every page was read from the PDF's own text layer (not OCR): each field's reliability differs by reading. */
  'textLayer',
  /** The learned scorer's pick and the rules' reading have the same value. */
  'modelAndRulesAgree',
  /** Both read a value and the values differ. */
  'modelAndRulesDiffer',
  /** The learned pick's score minus the best score of a candidate with another value. */
  'margin',
  /** Subtotal + tax = total, all three read. */
  'sumsUp',
  /** All three read and they do not add up. */
  'sumsOff',
  /** The line items' amounts add up to this amount. */
  'itemsSumToIt',
  /** Due date on or after the invoice date, both read. */
  'datesOrdered',
  /** Due date before the invoice date. */
  'datesDisordered',
  /** The date as printed reads only one way (a day over 12, a month name, or year first). */
  'unambiguousDate',
] as const;
export type Evidence = number[];

/** Textract field types that answer each invoice field. */
export const TYPES_OF: Record<string, string[]> = {
  vendorName: ['VENDOR_NAME'],
  vendorAddress: ['VENDOR_ADDRESS'],
  invoiceNumber: ['INVOICE_RECEIPT_ID'],
  invoiceDate: ['INVOICE_RECEIPT_DATE'],
  dueDate: ['DUE_DATE'],
  subtotal: ['SUBTOTAL'],
  taxAmount: ['TAX'],
  totalAmount: ['TOTAL', 'AMOUNT_DUE', 'AMOUNT_PAID'],
};

export const fieldOfType = (type: string | undefined) =>
  Object.keys(TYPES_OF).find((k) => TYPES_OF[k].includes(type ?? ''));

const rawConfidence = (f: ExpenseField) =>
  Math.min(f.Type?.Confidence ?? 50, f.ValueDetection?.Confidence ?? 50) / 100;

/** The most confident field of an invoice field's types (what Normalize reads first). */
function bestText(fields: ExpenseField[], field: string): string | null {
  const own = fields
    .filter((f) => TYPES_OF[field].includes(f.Type?.Text ?? '') && f.ValueDetection?.Text)
    .sort((a, b) => rawConfidence(b) - rawConfidence(a));
  return own[0]?.ValueDetection?.Text ?? null;
}

const near = (a: number, b: number) => Math.abs(a - b) <= 0.011;
const idKey = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
/** A printed date that cannot be read two ways. */
const UNAMBIGUOUS = /^\s*\d{4}\D|\p{L}{3}|(?:^|\D)(?:1[3-9]|2\d|3[01])\D/u;

export interface EvidenceInput {
  /** The reading's summary fields (after the model's picks replaced the rules' where used). */
  fields: ExpenseField[];
  /** The rules' own summary fields. */
  rules: ExpenseField[];
  items: ExpenseLineItem[];
  order: DateOrder;
  /** Every page was read from the PDF's text layer. */
  textLayer: boolean;
  /** The learned scorer's candidates, scores and picks, when the model has scorers. */
  learned?: { candidates: Candidate[]; scores: Record<LearnedField, number[]>; picks: Picks };
}

/** The evidence of every invoice field, in {@link EVIDENCE_NAMES} order. */
export function evidenceOf(input: EvidenceInput): Record<string, Evidence> {
  const { fields, rules, items, order, textLayer, learned } = input;
  const amount = (f: string) => parseAmount(bestText(fields, f));
  const [total, subtotal, tax] = [amount('totalAmount'), amount('subtotal'), amount('taxAmount')];
  const allThree = total !== null && subtotal !== null && tax !== null;
  const sumsUp = allThree && near(subtotal + tax, total);
  const itemSum = items.reduce((s, item) => {
    const price = item.LineItemExpenseFields?.find((f) => f.Type?.Text === 'PRICE');
    return s + (parseAmount(price?.ValueDetection?.Text) ?? 0);
  }, 0);
  const issued = parseDate(bestText(fields, 'invoiceDate'), order);
  const due = parseDate(bestText(fields, 'dueDate'), order);

  const out: Record<string, Evidence> = {};
  for (const field of Object.keys(TYPES_OF)) {
    const e: Record<(typeof EVIDENCE_NAMES)[number], number> = {
      textLayer: textLayer ? 1 : 0,
      modelAndRulesAgree: 0,
      modelAndRulesDiffer: 0,
      margin: 0,
      sumsUp: 0,
      sumsOff: 0,
      itemsSumToIt: 0,
      datesOrdered: 0,
      datesDisordered: 0,
      unambiguousDate: 0,
    };
    const text = bestText(fields, field);
    const kind = LEARNED_FIELDS[field as LearnedField];
    const pick = learned?.picks[field as LearnedField];
    if (kind && pick) {
      const ruleText = bestText(rules, field);
      const ruleValue =
        kind === 'amount' ? parseAmount(ruleText) : kind === 'date' ? parseDate(ruleText, order) : ruleText;
      if (ruleValue !== null) {
        const v = pick.candidate.value;
        const same =
          kind === 'amount'
            ? near(v as number, ruleValue as number)
            : kind === 'id'
              ? idKey(String(v)) === idKey(String(ruleValue))
              : v === ruleValue;
        e[same ? 'modelAndRulesAgree' : 'modelAndRulesDiffer'] = 1;
      }
      const scores = learned.scores[field as LearnedField];
      const rival = Math.max(
        0,
        ...learned.candidates
          .map((c, i) => (c.value !== pick.candidate.value && Number.isFinite(scores[i]) ? scores[i] : 0))
          .filter((s) => s > 0),
      );
      e.margin = pick.score - rival;
    }
    if (['totalAmount', 'subtotal', 'taxAmount'].includes(field) && allThree) {
      e[sumsUp ? 'sumsUp' : 'sumsOff'] = 1;
    }
    const value = ['totalAmount', 'subtotal'].includes(field) ? amount(field) : null;
    if (value !== null && items.length && near(itemSum, value)) e.itemsSumToIt = 1;
    if ((field === 'invoiceDate' || field === 'dueDate') && text) {
      if (issued && due) e[due >= issued ? 'datesOrdered' : 'datesDisordered'] = 1;
      if (UNAMBIGUOUS.test(text)) e.unambiguousDate = 1;
    }
    out[field] = EVIDENCE_NAMES.map((n) => e[n]);
  }
  return out;
}

import type { ExpenseDocument, ExpenseField } from '../../core/extraction/expense-types';
import {
  type DateOrder,
  dateOrderForCurrency,
  detectCurrency,
  parseAmount,
} from '../../core/extraction/parse-values';
import { type DocLine, docLines } from '../fields/lines';
import { detectLineItems } from '../fields/table/items';
import { ROW_FEATURE_NAMES } from '../fields/table/rows';
import type { LayoutPage } from '../text-layout';
import { applyIsotonic, type IsotonicMap } from './calibration';
import { type Candidate, findCandidates } from './candidates';
import { decode, LEARNED_FIELDS, type LearnedField } from './decode';
import { FEATURE_NAMES, featuresOf, type RulesAmounts } from './features';
import { type LinearScorer, scoreLinear } from './linear';
import { ADDRESS_FEATURE_NAMES, NAME_FEATURE_NAMES } from './vendor-features';
import { pickVendor, rulesAnswer, VENDOR_FIELDS, type VendorField } from './vendor-model';

/**
 * The trained extraction model (written by `npm run train:extract`): a logistic regression per
 * field scoring candidates, the fields where it beat the rules out of sample, and the isotonic maps that
 * turn every field's raw confidence into the share of such fields that were right out of sample.
 */
/** Every field a scorer of the model can answer. */
export type ModelField = LearnedField | VendorField;

export interface ExtractionModel {
  version: 1;
  featureNames: string[];
  /** The inputs of the vendorName and vendorAddress scorers. */
  vendorFeatureNames: { name: string[]; address: string[] };
  scorers: Partial<Record<ModelField, LinearScorer>>;
  /** Fields the model answers; the rules answer the others. */
  use: ModelField[];
  /** Per invoice field (vendorName, totalAmount, …): raw confidence → calibrated confidence. */
  calibration: Record<string, IsotonicMap>;
  /** The "is an item row" scorer of line-item tables, on {@link ROW_FEATURE_NAMES}. */
  lineItems?: { featureNames: string[]; scorer: LinearScorer };
}

export interface LoadedModel {
  scorers: Partial<Record<ModelField, LinearScorer>>;
  use: Set<ModelField>;
  calibration: Record<string, IsotonicMap>;
  /** Line items come from this row scorer when there is one (else from the rules' table reader). */
  lineItems?: LinearScorer;
}

export function loadModel(json: ExtractionModel): LoadedModel {
  if (
    json.featureNames.join() !== FEATURE_NAMES.join() ||
    (json.lineItems && json.lineItems.featureNames.join() !== ROW_FEATURE_NAMES.join()) ||
    json.vendorFeatureNames?.name.join() !== NAME_FEATURE_NAMES.join() ||
    json.vendorFeatureNames?.address.join() !== ADDRESS_FEATURE_NAMES.join()
  ) {
    throw new Error('The extraction model was trained on other features; run npm run train:extract.');
  }
  return {
    scorers: json.scorers,
    use: new Set(json.use),
    calibration: json.calibration,
    lineItems: json.lineItems?.scorer,
  };
}

/** The date order the document proves or its currency suggests. */
export function dateOrderOfLines(lines: DocLine[]): DateOrder {
  return dateOrderForCurrency(detectCurrency(lines.map((l) => l.text))?.code);
}

/** The total, subtotal and tax the hand rules answered, as numbers (a feature of the amounts). */
export function rulesAmounts(fields: ExpenseField[]): RulesAmounts {
  const amount = (...types: string[]) => {
    for (const type of types) {
      const v = parseAmount(fields.find((f) => f.Type?.Text === type)?.ValueDetection?.Text);
      if (v !== null) return v;
    }
    return null;
  };
  return { total: amount('TOTAL', 'AMOUNT_DUE'), subtotal: amount('SUBTOTAL'), tax: amount('TAX') };
}

/**
 * Candidates, their features, and each field's score of each candidate (NaN for other kinds).
 * `rules` is the rules' answer for the same pages (their amounts are features).
 */
export function scoreDocument(
  pages: LayoutPage[],
  scorers: LoadedModel['scorers'],
  rules: ExpenseField[],
): {
  lines: DocLine[];
  candidates: Candidate[];
  features: number[][];
  scores: Record<LearnedField, number[]>;
} {
  const lines = docLines(pages);
  const candidates = findCandidates(lines, dateOrderOfLines(lines));
  const features = featuresOf(lines, candidates, rulesAmounts(rules));
  const scores = {} as Record<LearnedField, number[]>;
  for (const field of Object.keys(LEARNED_FIELDS) as LearnedField[]) {
    const kind = LEARNED_FIELDS[field];
    const scorer = scorers[field];
    scores[field] = candidates.map((c, i) =>
      scorer && c.kind === kind ? scoreLinear(scorer, features[i]) : Number.NaN,
    );
  }
  return { lines, candidates, features, scores };
}

/** The value the model picks for each field it answers (what the check fold of train:extract records). */
export function modelValues(
  pages: LayoutPage[],
  model: LoadedModel,
  rules: ExpenseDocument,
): Partial<Record<ModelField, unknown>> {
  const { lines, candidates, scores } = scoreDocument(pages, model.scorers, rules.SummaryFields ?? []);
  const picks = decode(candidates, scores);
  const vendor = pickVendor(lines, model.scorers, rulesAnswer(rules.SummaryFields ?? []));
  const out: Partial<Record<ModelField, unknown>> = {};
  for (const field of model.use) {
    out[field] =
      field in LEARNED_FIELDS
        ? picks[field as LearnedField]?.candidate.value
        : vendor[field as VendorField]?.candidate.text;
  }
  return out;
}

const FIELD_TYPE: Record<ModelField, string> = {
  vendorName: 'VENDOR_NAME',
  vendorAddress: 'VENDOR_ADDRESS',
  totalAmount: 'TOTAL',
  subtotal: 'SUBTOTAL',
  taxAmount: 'TAX',
  invoiceDate: 'INVOICE_RECEIPT_DATE',
  dueDate: 'DUE_DATE',
  invoiceNumber: 'INVOICE_RECEIPT_ID',
};
/** The next-best seller names (see `VendorPicks.alternatives`); Normalize keeps them as seller candidates. */
export const ALTERNATIVE_NAME = 'VENDOR_NAME_ALTERNATIVE';

/** Textract field types that answer each invoice field (for replacing and calibrating). */
const TYPES_OF: Record<string, string[]> = {
  vendorName: ['VENDOR_NAME'],
  vendorAddress: ['VENDOR_ADDRESS'],
  invoiceNumber: ['INVOICE_RECEIPT_ID'],
  invoiceDate: ['INVOICE_RECEIPT_DATE'],
  dueDate: ['DUE_DATE'],
  subtotal: ['SUBTOTAL'],
  taxAmount: ['TAX'],
  totalAmount: ['TOTAL', 'AMOUNT_DUE', 'AMOUNT_PAID'],
};

/** A picked value as an AnalyzeExpense summary field, boxed from its first line to its last. */
function fieldOf(
  type: string,
  text: string,
  score: number,
  span: { x0: number; x1: number },
  first: DocLine,
  last: DocLine = first,
): ExpenseField {
  const box = {
    Left: span.x0 / first.pageWidth,
    Top: first.y0 / first.pageHeight,
    Width: (span.x1 - span.x0) / first.pageWidth,
    Height: (last.y1 - first.y0) / first.pageHeight,
  };
  const confidence = Math.round(score * 1000) / 10;
  return {
    Type: { Text: type, Confidence: confidence },
    ValueDetection: { Text: text, Confidence: confidence, Geometry: { BoundingBox: box } },
    PageNumber: first.page,
  };
}

/**
 * The document with the fields the model answers replaced by its picks, and every field's
 * confidence calibrated.
 */
export function applyModel(doc: ExpenseDocument, pages: LayoutPage[], model: LoadedModel): ExpenseDocument {
  let fields = doc.SummaryFields ?? [];
  const learned = [...model.use].filter((f): f is LearnedField => f in LEARNED_FIELDS);
  if (learned.length) {
    const { lines, candidates, scores } = scoreDocument(pages, model.scorers, doc.SummaryFields ?? []);
    const picks = decode(candidates, scores);
    // A field the model finds no candidate for keeps the rules' answer.
    const answered = learned.filter((f) => picks[f]);
    const replaced = new Set(answered.flatMap((f) => TYPES_OF[f]));
    fields = fields.filter((f) => !replaced.has(f.Type?.Text ?? ''));
    for (const field of answered) {
      const { candidate: c, score } = picks[field]!;
      fields.push(fieldOf(FIELD_TYPE[field], c.raw, score, c, lines[c.line]));
    }
  }
  const vendor = VENDOR_FIELDS.filter((f) => model.use.has(f));
  if (vendor.length || model.scorers.vendorName) {
    const lines = docLines(pages);
    const picks = pickVendor(lines, model.scorers, rulesAnswer(doc.SummaryFields ?? []));
    const answered = vendor.filter((f) => picks[f]);
    const replaced = new Set(answered.flatMap((f) => TYPES_OF[f]));
    fields = fields.filter((f) => !replaced.has(f.Type?.Text ?? ''));
    for (const field of answered) {
      const { candidate: c, score } = picks[field]!;
      fields.push(fieldOf(FIELD_TYPE[field], c.text, score, c, lines[c.line], lines[c.lastLine]));
    }
    for (const { candidate: c, score } of picks.alternatives)
      fields.push(fieldOf(ALTERNATIVE_NAME, c.text, score, c, lines[c.line], lines[c.lastLine]));
    // Where the rules keep the seller's name, the name model still judges it: its score of that name
    // weighs the whole layout, where the rules' own figure knows only the OCR confidence and whether
    // a legal form ends the name (any large word at the top of a receipt scored like a real name).
    const rulesName = picks.rulesName;
    if (!model.use.has('vendorName') && rulesName !== null)
      fields = fields.map((f) => (f.Type?.Text === 'VENDOR_NAME' ? withConfidence(f, rulesName) : f));
  }
  const items = model.lineItems ? detectLineItems(pages, model.lineItems) : null;
  return {
    ...doc,
    SummaryFields: calibrated(fields, model.calibration),
    ...(items ? { LineItemGroups: items.length ? [{ LineItemGroupIndex: 1, LineItems: items }] : [] } : {}),
  };
}

function withConfidence(f: ExpenseField, score: number): ExpenseField {
  const confidence = Math.round(score * 1000) / 10;
  return {
    ...f,
    Type: { ...f.Type, Confidence: confidence },
    ValueDetection: { ...f.ValueDetection, Confidence: confidence },
  };
}

/** Sets each field's confidence to the calibrated share of such fields that are right. */
export function calibrated(fields: ExpenseField[], calibration: Record<string, IsotonicMap>): ExpenseField[] {
  return fields.map((f) => {
    const field = Object.keys(TYPES_OF).find((k) => TYPES_OF[k].includes(f.Type?.Text ?? ''));
    const map = field ? calibration[field] : undefined;
    if (!map) return f;
    const raw = Math.min(f.Type?.Confidence ?? 50, f.ValueDetection?.Confidence ?? 50) / 100;
    return withConfidence(f, applyIsotonic(map, raw));
  });
}

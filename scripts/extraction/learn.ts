/**
 * Training and prediction for the learned extractor, shared by `npm run train:extract` and
 * `npm run eval:extract`: candidates and features per cached document, one logistic regression per field
 * (deterministic: full-batch training from zero weights), and the product's
 * prediction for a document (rules, with the model's fields and calibrated confidences).
 */

import type { AnalyzeExpenseResponse } from '../../functions/core/extraction/expense-types';
import {
  addressFeaturesFrom,
  applyModel,
  type Candidate,
  type DocLine,
  detectExpenseDocument,
  type docLines,
  LEARNED_FIELDS,
  type LearnedField,
  type LinearScorer,
  type LoadedModel,
  pickName,
  prepareVendor,
  type RowCandidate,
  rowCandidates,
  rowFeatures,
  rulesAnswer,
  scoreDocument,
  trainLinear,
  type VendorPrepared,
} from '../../functions/extraction';
import type { CachedRead, CorpusDoc } from './corpus';
import { isCorrect, isLabelled } from './labels';

export interface DocData {
  doc: CorpusDoc;
  read: CachedRead;
  candidates: Candidate[];
  features: number[][];
  /** Line-item row candidates: features, and whether each is a labelled item (null: items not labelled). */
  rows: { features: number[][]; isItem: number[] | null };
  lines: DocLine[];
  vendor: VendorPrepared;
}

export function prepare(doc: CorpusDoc, read: CachedRead): DocData {
  const rulesFields = detectExpenseDocument(read.pages.read).SummaryFields ?? [];
  const { lines, candidates, features } = scoreDocument(read.pages.read, {}, rulesFields);
  const rows = rowCandidates(lines);
  const items = doc.label.lineItems;
  const rules = rulesAnswer(rulesFields);
  return {
    doc,
    read,
    candidates,
    features,
    lines,
    vendor: prepareVendor(lines, rules),
    rows: {
      features: rowFeatures(lines, rows),
      isItem: Array.isArray(items) && items.length ? itemRowLabels(lines, rows, items) : null,
    },
  };
}

const wordsOf = (s: unknown) =>
  String(s ?? '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1);

/**
 * Which row candidates are labelled items: each labelled item claims the unclaimed row whose
 * amount is its total (its unit price where the label has no total) and whose line, or the two
 * lines below it, shares the most words with its description.
 */
function itemRowLabels(lines: ReturnType<typeof docLines>, rows: RowCandidate[], items: unknown[]): number[] {
  const isItem = rows.map(() => 0);
  for (const item of items as Array<Record<string, unknown>>) {
    const key = Number(item.total ?? item.totalPrice ?? item.unitPrice);
    if (!Number.isFinite(key)) continue;
    const want = new Set(wordsOf(item.description));
    let best = -1;
    let bestShared = 0;
    rows.forEach((r, k) => {
      if (isItem[k] || Math.abs(r.amount.value - key) > 0.011) return;
      const text = [0, 1, 2].map((d) => lines[r.line + d]?.text ?? '').join(' ');
      const shared = new Set(wordsOf(text).filter((w) => want.has(w))).size;
      if (shared > bestShared) {
        best = k;
        bestShared = shared;
      }
    });
    if (best >= 0) isItem[best] = 1;
  }
  return isItem;
}

/** The "is an item row" scorer, on the documents whose line items are labelled. */
export function trainRowScorer(train: DocData[]): LinearScorer | undefined {
  const X: number[][] = [];
  const y: number[] = [];
  for (const d of train) {
    if (!d.rows.isItem) continue;
    X.push(...d.rows.features);
    y.push(...d.rows.isItem);
  }
  return y.includes(1) ? trainLinear(X, y) : undefined;
}

export function trainScorers(train: DocData[]): LoadedModel['scorers'] {
  const scorers: LoadedModel['scorers'] = {};
  for (const field of Object.keys(LEARNED_FIELDS) as LearnedField[]) {
    const kind = LEARNED_FIELDS[field];
    const X: number[][] = [];
    const y: number[] = [];
    for (const d of train) {
      if (!isLabelled(d.doc.label, field)) continue;
      d.candidates.forEach((c, i) => {
        if (c.kind !== kind) return;
        X.push(d.features[i]);
        y.push(isCorrect(d.doc.label, field, c.value) ? 1 : 0);
      });
    }
    if (y.includes(1)) scorers[field] = trainLinear(X, y);
  }
  return { ...scorers, ...trainVendorScorers(train) };
}

/**
 * The seller's name scorer, then its address scorer on address features measured from the names
 * the new name scorer picks in the training documents (as it will at prediction time).
 */
function trainVendorScorers(train: DocData[]): LoadedModel['scorers'] {
  const rows = (
    field: 'vendorName' | 'vendorAddress',
    each: (d: DocData) => { texts: string[]; X: number[][] },
  ) => {
    const X: number[][] = [];
    const y: number[] = [];
    for (const d of train) {
      if (!isLabelled(d.doc.label, field)) continue;
      const got = each(d);
      got.texts.forEach((text, i) => {
        X.push(got.X[i]);
        y.push(isCorrect(d.doc.label, field, text) ? 1 : 0);
      });
    }
    return y.includes(1) ? trainLinear(X, y) : undefined;
  };
  const vendorName = rows('vendorName', (d) => ({
    texts: d.vendor.names.map((c) => c.text),
    X: d.vendor.nameFeatures,
  }));
  if (!vendorName) return {};
  const vendorAddress = rows('vendorAddress', (d) => ({
    texts: d.vendor.addresses.map((c) => c.text),
    X: addressFeaturesFrom(d.lines, d.vendor, pickName(d.vendor, vendorName)?.candidate ?? null),
  }));
  return vendorAddress ? { vendorName, vendorAddress } : { vendorName };
}

/** The local engine's answer for a cached read: the rules' fields, with the model's where it is used. */
export function answerWith(read: CachedRead, model: LoadedModel | null): AnalyzeExpenseResponse {
  const rules = detectExpenseDocument(read.pages.read);
  const doc = model ? applyModel(rules, read.pages.read, model) : rules;
  return { DocumentMetadata: { Pages: read.pages.total }, ExpenseDocuments: [doc] };
}

/**
 * Training and prediction for the learned extractor, shared by `npm run train:extract` and
 * `npm run eval:extract`: candidates and features per cached document, one logistic regression per field
 * (deterministic: full-batch training from zero weights), and the product's
 * prediction for a document (rules, with the model's fields and calibrated confidences).
 */
import { detectExpenseDocument } from '../../functions/adapters/textract/field-detector';
import type { Candidate, DocLine } from '../../functions/adapters/textract/fields/candidates';
import { LEARNED_FIELDS, type LearnedField } from '../../functions/adapters/textract/fields/decode';
import { trainLinear } from '../../functions/adapters/textract/fields/linear';
import { applyModel, type LoadedModel, scoreDocument } from '../../functions/adapters/textract/fields/model';
import {
  addressFeaturesFrom,
  pickName,
  prepareVendor,
  rulesAnswer,
  type VendorPrepared,
} from '../../functions/adapters/textract/fields/vendor-model';
import type { AnalyzeExpenseResponse } from '../../functions/core/extraction/expense-types';
import type { CachedRead, CorpusDoc } from './corpus';
import { isCorrect, isLabelled } from './labels';

export interface DocData {
  doc: CorpusDoc;
  read: CachedRead;
  candidates: Candidate[];
  features: number[][];
  lines: DocLine[];
  vendor: VendorPrepared;
}

export function prepare(doc: CorpusDoc, read: CachedRead): DocData {
  const { lines, candidates, features } = scoreDocument(read.pages.read, {});
  const rules = rulesAnswer(detectExpenseDocument(read.pages.read).SummaryFields ?? []);
  return { doc, read, candidates, features, lines, vendor: prepareVendor(lines, rules) };
}

/** A small seeded generator (mulberry32), so sampling is the same on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
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

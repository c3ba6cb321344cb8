/**
 * The out-of-sample experiments behind `npm run eval:extract` and `npm run train:extract`:
 * grouped cross-validation (folds by seller: no seller in both train and test) and
 * leave-one-source-out, for the rules alone and for the learned extractor, each scored by
 * ../shared/tools/score-extraction.mjs; plus the out-of-fold confidences calibration is fitted on.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EInvoice } from '../../functions/core/extraction/e-invoice';
import { extractionRecord, processAnalysis } from '../../functions/core/extraction/pipeline';
import {
  fitIsotonic,
  type IsotonicMap,
  LEARNED_FIELDS,
  type LinearScorer,
  type LoadedModel,
  type ModelField,
  VENDOR_FIELDS,
} from '../../functions/extraction';
import { cachedRead, engineVersion, loadCorpus } from './corpus';
import { isCorrect, isLabelled, SCORED_FIELDS, type ScoredField } from './labels';
import { answerWith, type DocData, prepare, trainRowScorer, trainScorers } from './learn';
import { rng } from './random';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const outDir = join(repo, '.cache/eval');
const scorer = resolve(repo, '../shared/tools/score-extraction.mjs');
export const ALL_LEARNED = [...Object.keys(LEARNED_FIELDS), ...VENDOR_FIELDS] as ModelField[];

export type Prediction = Record<string, unknown> & {
  file: string;
  ms: number;
  confidence: Record<string, number>;
};

/** Every corpus document the engine has read (see cache-pages.ts). */
export function loadData(): DocData[] {
  const version = engineVersion();
  const out: DocData[] = [];
  let missing = 0;
  for (const doc of loadCorpus()) {
    const read = cachedRead(doc.path, version);
    if (read) out.push(prepare(doc, read));
    else missing++;
  }
  if (missing)
    console.error(`${missing} corpus documents are not cached yet (npm run cache:extract); left out`);
  return out;
}

/** The seed of the seller split every figure is quoted on (two others are measured beside it). */
export const SELLER_SPLIT = 7;

/** k folds of whole sellers, balanced by document count, the same on every run. */
export function groupedFolds(data: DocData[], k = 5, seed = SELLER_SPLIT): DocData[][] {
  const groups = [...new Set(data.map((d) => d.doc.group))].sort();
  const random = rng(seed);
  for (let i = groups.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [groups[i], groups[j]] = [groups[j], groups[i]];
  }
  const folds: DocData[][] = Array.from({ length: k }, () => []);
  for (const g of groups) {
    const smallest = folds.reduce((a, b) => (b.length < a.length ? b : a));
    smallest.push(...data.filter((d) => d.doc.group === g));
  }
  return folds;
}

/** Leave one source out: a fold per source family (a derived scan is held out with its original). */
export function sourceFolds(data: DocData[]): DocData[][] {
  return [...new Set(data.map((d) => d.doc.family))]
    .sort()
    .map((s) => data.filter((d) => d.doc.family === s));
}

/**
 * The product's answer for one cached document. Without `eInvoice` it is the reading of the page
 * alone (what every table of `eval:extract` measures); with it, the document's embedded e-invoice XML
 * over that reading, as the product answers a hybrid e-invoice.
 */
export async function predict(
  d: DocData,
  model: LoadedModel | null,
  eInvoice: EInvoice | null = null,
): Promise<Prediction> {
  const started = performance.now();
  const r = await processAnalysis(answerWith(d.read, model), {}, eInvoice);
  return {
    file: d.doc.path,
    ...extractionRecord(r),
    ms: Math.round(d.read.readMs + performance.now() - started),
  } as Prediction;
}

/** Predictions for every document by models trained without its fold. */
export async function outOfFold(
  folds: DocData[][],
  use: ModelField[],
  extraTrain: DocData[] = [],
  extraRows: DocData[] = [],
): Promise<{
  predictions: Map<DocData, Prediction>;
  scorers: LoadedModel['scorers'][];
  lineItems: Array<LinearScorer | undefined>;
}> {
  const predictions = new Map<DocData, Prediction>();
  const scorers: LoadedModel['scorers'][] = [];
  const lineItems: Array<LinearScorer | undefined> = [];
  for (const test of folds) {
    const train = folds.filter((f) => f !== test).flat();
    const f = trainScorers([...train, ...extraTrain]);
    const rows = trainRowScorer([...train, ...extraTrain, ...extraRows]);
    scorers.push(f);
    lineItems.push(rows);
    for (const d of test)
      predictions.set(
        d,
        await predict(d, { scorers: f, use: new Set(use), calibration: {}, lineItems: rows }),
      );
  }
  return { predictions, scorers, lineItems };
}

export interface Scores {
  micro: number | null;
  lineItemF1: number | null;
  fields: Record<string, Record<string, { ok: number; n: number; pct: number | null }>>;
  msMedian: number | null;
  msP95: number | null;
}

/** A subset of documents scored together (a source, or all scans and photos). */
export type Subset = (d: DocData) => boolean;

/**
 * Scores predictions with the shared scorer, overall, per source and per named subset. The scorer
 * is given the documents' own labels (as in their source's labels.jsonl, with the file's absolute
 * path and the source name), so only what was predicted is scored and derived sources score alike.
 */
export function score(
  name: string,
  predictions: Map<DocData, Prediction>,
  subsets: Record<string, Subset> = {},
): { all: Scores; bySource: Record<string, Scores>; bySubset: Record<string, Scores> } {
  mkdirSync(outDir, { recursive: true });
  const predictionsFile = join(outDir, `${name}.jsonl`);
  writeFileSync(predictionsFile, `${[...predictions.values()].map((p) => JSON.stringify(p)).join('\n')}\n`);
  const run = (docs: DocData[]): Scores => {
    const labelsFile = join(outDir, `${name}.labels.jsonl`);
    writeFileSync(
      labelsFile,
      `${docs.map((d) => JSON.stringify({ ...d.doc.label, file: d.doc.path, sourceName: d.doc.source })).join('\n')}\n`,
    );
    const r = JSON.parse(
      execFileSync(
        process.execPath,
        [scorer, '--labels', labelsFile, '--predictions', predictionsFile, '--split', 'dev', '--json'],
        { encoding: 'utf8' },
      ),
    ) as {
      microAccuracy: number | null;
      lineItemF1: number | null;
      fields: Scores['fields'];
      msMedian: number;
      msP95: number;
    };
    return {
      micro: r.microAccuracy,
      lineItemF1: r.lineItemF1,
      fields: r.fields,
      msMedian: r.msMedian,
      msP95: r.msP95,
    };
  };
  const docs = [...predictions.keys()];
  const bySource: Record<string, Scores> = {};
  for (const s of [...new Set(docs.map((d) => d.doc.source))].sort())
    bySource[s] = run(docs.filter((d) => d.doc.source === s));
  const bySubset: Record<string, Scores> = {};
  for (const [subset, member] of Object.entries(subsets)) {
    const own = docs.filter(member);
    if (own.length) bySubset[subset] = run(own);
  }
  return { all: run(docs), bySource, bySubset };
}

/** Out-of-fold (raw confidence, right?) points per field, for calibration and the reliability table. */
export function confidencePoints(
  predictions: Map<DocData, Prediction>,
): Map<DocData, Array<{ field: ScoredField; raw: number; correct: boolean }>> {
  const out = new Map<DocData, Array<{ field: ScoredField; raw: number; correct: boolean }>>();
  for (const [d, p] of predictions) {
    const points = SCORED_FIELDS.filter((f) => isLabelled(d.doc.label, f)).map((field) => ({
      field,
      raw: Number(p.confidence[field] ?? 0),
      correct: isCorrect(d.doc.label, field, p[field]),
    }));
    out.set(d, points);
  }
  return out;
}

export function fitCalibration(
  points: Array<{ field: ScoredField; raw: number; correct: boolean }>,
): Record<string, IsotonicMap> {
  const maps: Record<string, IsotonicMap> = {};
  for (const field of SCORED_FIELDS) {
    const own = points.filter((p) => p.field === field);
    if (own.length >= 10) maps[field] = fitIsotonic(own);
  }
  return maps;
}

/**
 * The total is what a bill is paid from: the learned total replaces the rules' only where it is
 * right at least as often on every source, not just more often overall.
 */
const ON_EVERY_SOURCE: ModelField[] = ['totalAmount'];

/**
 * Fields where the learned extractor is right more often than the rules, out of fold, on the real
 * documents: a derived scan repeats its original's seller and layout, and letting both vote would
 * count that source twice.
 */
export function fieldsWhereLearnedWins(
  rules: Map<DocData, Prediction>,
  learned: Map<DocData, Prediction>,
): { use: ModelField[]; counts: Record<string, { rules: number; learned: number; n: number }> } {
  const counts: Record<string, { rules: number; learned: number; n: number }> = {};
  const worseSomewhere = new Set<ModelField>();
  for (const field of ALL_LEARNED) {
    const c = { rules: 0, learned: 0, n: 0 };
    const bySource = new Map<string, number>();
    for (const [d, p] of learned) {
      if (d.doc.family !== d.doc.source || !isLabelled(d.doc.label, field)) continue;
      c.n++;
      const learnedRight = isCorrect(d.doc.label, field, p[field]) ? 1 : 0;
      const rulesRight = isCorrect(d.doc.label, field, rules.get(d)?.[field]) ? 1 : 0;
      c.learned += learnedRight;
      c.rules += rulesRight;
      bySource.set(d.doc.source, (bySource.get(d.doc.source) ?? 0) + learnedRight - rulesRight);
    }
    counts[field] = c;
    if ([...bySource.values()].some((gain) => gain < 0)) worseSomewhere.add(field);
  }
  return {
    use: ALL_LEARNED.filter(
      (f) =>
        counts[f].n > 0 &&
        counts[f].learned > counts[f].rules &&
        !(ON_EVERY_SOURCE.includes(f) && worseSomewhere.has(f)),
    ),
    counts,
  };
}

/**
 * Retrains the model for each fold of a fold set and predicts the held-out documents with `use`;
 * a document in `eInvoices` gets its embedded XML over the reading (only the eval's e-invoice section).
 */
export async function withScorers(
  foldSet: DocData[][],
  scorers: LoadedModel['scorers'][],
  use: ModelField[],
  lineItems: Array<LinearScorer | undefined> = [],
  eInvoices: Map<DocData, EInvoice> = new Map(),
): Promise<Map<DocData, Prediction>> {
  const out = new Map<DocData, Prediction>();
  for (let i = 0; i < foldSet.length; i++) {
    const model = { scorers: scorers[i], use: new Set(use), calibration: {}, lineItems: lineItems[i] };
    for (const d of foldSet[i]) out.set(d, await predict(d, model, eInvoices.get(d) ?? null));
  }
  return out;
}

/**
 * The rules alone, the learned extractor on every field out of fold (grouped CV), the fields it
 * wins, and the product (rules + those fields) out of fold: what eval and train both start from.
 */
export async function crossValidate(
  data: DocData[],
  synthetic: DocData[],
  tables: DocData[] = [],
  split: { seed?: number; rules?: Map<DocData, Prediction> } = {},
) {
  // The rules have no training: another split into folds reuses their predictions.
  const rules = split.rules ?? new Map<DocData, Prediction>();
  if (!split.rules) for (const d of data) rules.set(d, await predict(d, null));
  const folds = groupedFolds(data, 5, split.seed);
  const learnedCv = await outOfFold(folds, ALL_LEARNED, synthetic, tables);
  const { use, counts } = fieldsWhereLearnedWins(rules, learnedCv.predictions);
  // Line items: the learned row decision where its out-of-fold F1 is at least the rules'.
  const lineItemF1 = (m: Map<DocData, Prediction>, name: string) => score(name, m).all.lineItemF1 ?? 0;
  const lineItems = {
    rules: lineItemF1(rules, 'rules-line-items'),
    learned: lineItemF1(learnedCv.predictions, 'learned-cv-line-items'),
  };
  const useLineItems = lineItems.learned >= lineItems.rules;
  const productCv = await withScorers(folds, learnedCv.scorers, use, useLineItems ? learnedCv.lineItems : []);
  return { rules, folds, learnedCv, use, counts, productCv, useLineItems, lineItems };
}

/**
 * Leave-one-source-out: every source read by models trained without it (`learned`: all learned fields;
 * `product`: the fields the product answers with the model, `use`), the measure that predicts a family
 * of documents nobody here has seen. eval:extract reports it; train:extract fits the calibration on it.
 */
export async function leaveOneSourceOut(
  data: DocData[],
  synthetic: DocData[],
  tables: DocData[],
  use: ModelField[],
  useLineItems: boolean,
) {
  const folds = sourceFolds(data);
  const learned = await outOfFold(folds, ALL_LEARNED, synthetic, tables);
  const product = await withScorers(folds, learned.scorers, use, useLineItems ? learned.lineItems : []);
  return { folds, learned, product };
}

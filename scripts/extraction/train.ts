/**
 * Trains the learned extractor and writes the committed model file: `npm run train:extract`
 * (after `npm run cache:extract`). Deterministic: the same cached words give the same file.
 *
 * 1. Grouped cross-validation decides which fields the model answers (where it beat the rules out
 *    of fold). Every field's isotonic calibration is fitted on leave-one-source-out confidences: each
 *    source read by a model that never saw it, so a confidence means what it will mean on a family of
 *    documents nobody here has seen (grouped CV by seller still shares the sources' layouts and words,
 *    and made confidences on unseen families too high).
 * 2. The scorers are then trained on every document.
 * 3. A check fold (the einvoice text PDFs) is scored with the final model and its right-counts are
 *    stored, so a unit test can prove the committed file loads and reproduces them.
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ADDRESS_FEATURE_NAMES,
  detectExpenseDocument,
  type ExtractionModel,
  FEATURE_NAMES,
  MODEL_JSON_URL,
  modelValues,
  NAME_FEATURE_NAMES,
  ROW_FEATURE_NAMES,
} from '../../functions/extraction';
import { corpusDir } from './corpus';
import { confidencePoints, crossValidate, fitCalibration, leaveOneSourceOut, loadData } from './experiment';
import { isCorrect } from './labels';
import { trainRowScorer, trainScorers } from './learn';
import { syntheticSets } from './synthetic';

const modelFile = fileURLToPath(MODEL_JSON_URL);

const data = loadData();
const { fields: synthetic, tables } = await syntheticSets();
const { use, counts, useLineItems, lineItems } = await crossValidate(data, synthetic, tables);
const { product: productLoso } = await leaveOneSourceOut(data, synthetic, tables, use, useLineItems);
const calibration = fitCalibration([...confidencePoints(productLoso).values()].flat());
const scorers = trainScorers([...data, ...synthetic]);
const rowScorer = useLineItems ? trainRowScorer([...data, ...synthetic, ...tables]) : undefined;

const checkDocs = data.filter((d) => d.doc.source === 'einvoice');
const right: Record<string, number> = {};
for (const d of checkDocs) {
  const pages = d.read.pages.read;
  const values = modelValues(
    pages,
    { scorers, use: new Set(use), calibration: {} },
    detectExpenseDocument(pages),
  );
  for (const field of use) {
    if (isCorrect(d.doc.label, field, values[field])) right[field] = (right[field] ?? 0) + 1;
  }
}

const model: ExtractionModel & { check: { files: string[]; right: Record<string, number> } } = {
  version: 1,
  featureNames: FEATURE_NAMES,
  vendorFeatureNames: { name: NAME_FEATURE_NAMES, address: ADDRESS_FEATURE_NAMES },
  scorers,
  use,
  calibration,
  ...(rowScorer ? { lineItems: { featureNames: [...ROW_FEATURE_NAMES], scorer: rowScorer } } : {}),
  check: { files: checkDocs.map((d) => relative(corpusDir, d.doc.path)), right },
};
writeFileSync(modelFile, `${JSON.stringify(model)}\n`);
console.log(`model written: learned fields ${use.join(', ')}; out of fold (rules vs learned):`);
for (const [f, c] of Object.entries(counts))
  console.log(`  ${f.padEnd(14)} rules ${c.rules}/${c.n}  learned ${c.learned}/${c.n}`);
console.log(
  `  line items     F1 rules ${lineItems.rules.toFixed(1)}  learned ${lineItems.learned.toFixed(1)}${useLineItems ? ' (learned used)' : ''}`,
);
console.log(`check fold (${checkDocs.length} einvoice PDFs), right: ${JSON.stringify(right)}`);

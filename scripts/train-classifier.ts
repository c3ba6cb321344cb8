/**
 * Trains the expense-category model from the shipped labelled examples and writes model.json.
 *
 *   npm run train:classify
 *
 * Also prints the accuracy of a held-out fifth of the examples (every fifth one), so a change in
 * the training data that hurts the model shows up before it is committed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CATEGORIES } from '../functions/core/classification/categories';
import {
  features,
  predict,
  type TrainingExample,
  trainNaiveBayes,
} from '../functions/core/classification/naive-bayes';

const folder = fileURLToPath(new URL('../functions/core/classification/', import.meta.url));
const examples: TrainingExample[] = readFileSync(`${folder}training-data.jsonl`, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l));

const known = new Set(DEFAULT_CATEGORIES.map((c) => c.code));
const unknown = examples.filter((e) => !known.has(e.categoryCode));
if (unknown.length) {
  console.error(`unknown category codes: ${[...new Set(unknown.map((e) => e.categoryCode))].join(', ')}`);
  process.exit(1);
}

const test = examples.filter((_, i) => i % 5 === 0);
const trial = trainNaiveBayes(examples.filter((_, i) => i % 5 !== 0));
const right = test.filter(
  (e) => predict(trial, features(e.vendorName, e.lineDescriptions))[0]?.code === e.categoryCode,
);
console.error(
  `held-out accuracy: ${right.length}/${test.length} (${((100 * right.length) / test.length).toFixed(1)}%)`,
);

const model = trainNaiveBayes(examples);
writeFileSync(`${folder}model.json`, `${JSON.stringify(model)}\n`);
console.error(
  `model.json: ${model.classes.length} categories, ${model.vocabularySize} tokens, ${examples.length} examples`,
);

import { DEFAULT_CATEGORIES, type ExpenseCategory } from './categories';
import trainedModel from './model.json';
import {
  countExamples,
  type ExtraCounts,
  features,
  type NaiveBayesModel,
  predict,
  type TrainingExample,
} from './naive-bayes';
import { normalizeVendorKey } from './text-keys';

const MODEL = trainedModel as unknown as NaiveBayesModel;

/** What an organisation has learned from its reviewers' corrections (stored by the caller). */
export interface OrgMemory {
  /** normalizeVendorKey(vendor name) → category code the reviewers chose for that vendor. */
  vendorCategory: Record<string, string>;
  /**
   * The invoices reviewers filed by hand (vendor, line descriptions, chosen category): their words
   * count on top of the shipped model, so a correction also teaches what the lines of that kind of
   * expense say, for other vendors too.
   */
  examples?: TrainingExample[];
}

/** How many shipped examples one of the organization's own corrections is worth. */
export const CORRECTION_WEIGHT = 8;

/** The organization's corrections as extra counts for `predict` (computed once per memory). */
const extraCache = new WeakMap<OrgMemory, ExtraCounts>();
function orgCounts(memory: OrgMemory | undefined): ExtraCounts | undefined {
  if (!memory?.examples?.length) return undefined;
  let extra = extraCache.get(memory);
  if (!extra) {
    extra = { weight: CORRECTION_WEIGHT, classes: countExamples(memory.examples) };
    extraCache.set(memory, extra);
  }
  return extra;
}

/**
 * Below this the model's category is not filed: the invoice waits for a person to choose one (the UI
 * says 'Choose a category'). Measured with `npm run eval:classify`.
 */
export const CATEGORY_MIN_CONFIDENCE = 0.5;

export interface ClassifyInput {
  vendorName: string | null;
  lineDescriptions: string[];
}

export interface ClassificationResult {
  categoryCode: string | null;
  /** 0..1 */
  confidence: number;
  /** Where the answer came from: the organisation's corrections, or the trained model. */
  source: 'org-memory' | 'model' | 'none';
  /** Runner-up categories with their probabilities. */
  alternatives: Array<{ categoryCode: string; confidence: number }>;
  /** A category per line description. */
  perLine: Array<{ description: string; categoryCode: string | null; confidence: number }>;
}

/**
 * Picks the expense category of an invoice from its vendor and line descriptions with the
 * shipped naive Bayes model. When the organisation's reviewers have corrected this vendor before,
 * their choice wins. `categories` limits the answer to the organisation's chart.
 */
export function classify(
  input: ClassifyInput,
  orgMemory?: OrgMemory,
  categories: ExpenseCategory[] = DEFAULT_CATEGORIES,
): ClassificationResult {
  const allowed = new Set(categories.map((c) => c.code));
  const perLine = input.lineDescriptions.map((description) => {
    const best = predict(MODEL, features('', [description]), allowed)[0];
    const informative = features('', [description]).length > 0;
    return {
      description,
      categoryCode: informative && best ? best.code : null,
      confidence: informative && best ? round2(best.probability) : 0,
    };
  });
  const remembered = input.vendorName
    ? orgMemory?.vendorCategory[normalizeVendorKey(input.vendorName)]
    : undefined;
  if (remembered && allowed.has(remembered)) {
    return { categoryCode: remembered, confidence: 0.99, source: 'org-memory', alternatives: [], perLine };
  }
  const tokens = features(input.vendorName ?? '', input.lineDescriptions);
  const extra = orgCounts(orgMemory);
  const ranked = predict(MODEL, tokens, allowed, extra);
  const knownTokens = tokens.filter(
    (t) =>
      MODEL.classes.some((c) => t in c.counts) ||
      Object.values(extra?.classes ?? {}).some((c) => t in c.counts),
  );
  if (ranked.length === 0 || knownTokens.length === 0) {
    return { categoryCode: null, confidence: 0, source: 'none', alternatives: [], perLine };
  }
  return {
    categoryCode: ranked[0].code,
    confidence: round2(ranked[0].probability),
    source: 'model',
    alternatives: ranked
      .slice(1, 4)
      .map((r) => ({ categoryCode: r.code, confidence: round2(r.probability) })),
    perLine,
  };
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

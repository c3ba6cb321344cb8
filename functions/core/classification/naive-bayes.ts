import { normalizeVendorKey, words } from './text-keys';

/** One labelled example: an invoice's vendor and line descriptions, and its category. */
export interface TrainingExample {
  vendorName: string;
  lineDescriptions: string[];
  categoryCode: string;
}

/** A multinomial naive Bayes model as stored in model.json (token counts per class). */
export interface NaiveBayesModel {
  kind: 'multinomial-naive-bayes';
  version: 1;
  /** Laplace smoothing added to every token count. */
  alpha: number;
  vocabularySize: number;
  classes: Array<{ code: string; documents: number; tokens: number; counts: Record<string, number> }>;
}

/**
 * The features of an invoice: words of the line descriptions, and words of the vendor name both
 * as plain words and marked as vendor words (`v:`), because "Roto-Rooter" in a vendor name says
 * more than in a description.
 */
export function features(vendorName: string, lineDescriptions: string[]): string[] {
  const vendorWords = words(normalizeVendorKey(vendorName));
  return [...vendorWords, ...vendorWords.map((w) => `v:${w}`), ...lineDescriptions.flatMap((d) => words(d))];
}

/** Counts tokens per class over the examples. */
export function trainNaiveBayes(examples: TrainingExample[], alpha = 0.5): NaiveBayesModel {
  const classes = new Map<string, { documents: number; tokens: number; counts: Record<string, number> }>();
  const vocabulary = new Set<string>();
  for (const ex of examples) {
    let c = classes.get(ex.categoryCode);
    if (!c) {
      c = { documents: 0, tokens: 0, counts: {} };
      classes.set(ex.categoryCode, c);
    }
    c.documents++;
    for (const t of features(ex.vendorName, ex.lineDescriptions)) {
      c.counts[t] = (c.counts[t] ?? 0) + 1;
      c.tokens++;
      vocabulary.add(t);
    }
  }
  return {
    kind: 'multinomial-naive-bayes',
    version: 1,
    alpha,
    vocabularySize: vocabulary.size,
    classes: [...classes.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([code, c]) => ({ code, ...c })),
  };
}

/**
 * Token counts learned on top of the shipped model (an organization's corrections), per class code;
 * each counts `weight` times a shipped example, so a few corrections outweigh generic training.
 */
export interface ExtraCounts {
  weight: number;
  classes: Record<string, { documents: number; tokens: number; counts: Record<string, number> }>;
}

/** Counts the features of examples per class, as `trainNaiveBayes` does, for `ExtraCounts`. */
export function countExamples(examples: TrainingExample[]): ExtraCounts['classes'] {
  const classes: ExtraCounts['classes'] = {};
  for (const ex of examples) {
    classes[ex.categoryCode] ??= { documents: 0, tokens: 0, counts: {} };
    const c = classes[ex.categoryCode];
    c.documents++;
    for (const t of features(ex.vendorName, ex.lineDescriptions)) {
      c.counts[t] = (c.counts[t] ?? 0) + 1;
      c.tokens++;
    }
  }
  return classes;
}

/** Posterior probability of each class for the tokens, best first; unknown tokens are ignored. */
export function predict(
  model: NaiveBayesModel,
  tokens: string[],
  allowed?: Set<string>,
  extra?: ExtraCounts,
): Array<{ code: string; probability: number }> {
  const w = extra?.weight ?? 0;
  const more = extra?.classes ?? {};
  const totalDocs = model.classes.reduce((s, c) => s + c.documents + w * (more[c.code]?.documents ?? 0), 0);
  const known = tokens.filter(
    (t) => model.classes.some((c) => t in c.counts) || Object.values(more).some((c) => t in c.counts),
  );
  const scored = model.classes
    .filter((c) => !allowed || allowed.has(c.code))
    .map((c) => {
      const x = more[c.code];
      let logP = Math.log((c.documents + w * (x?.documents ?? 0)) / totalDocs);
      const denominator = c.tokens + w * (x?.tokens ?? 0) + model.alpha * model.vocabularySize;
      for (const t of known)
        logP += Math.log(((c.counts[t] ?? 0) + w * (x?.counts[t] ?? 0) + model.alpha) / denominator);
      return { code: c.code, logP };
    });
  if (scored.length === 0) return [];
  const max = Math.max(...scored.map((s) => s.logP));
  const sum = scored.reduce((s, x) => s + Math.exp(x.logP - max), 0);
  return scored
    .map((s) => ({ code: s.code, probability: Math.exp(s.logP - max) / sum }))
    .sort((a, b) => b.probability - a.probability);
}

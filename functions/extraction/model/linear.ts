/**
 * L2-regularised logistic regression on standardised features. Written here rather than taken
 * from npm: ml-logistic-regression has no intercept and no regularisation, and ml-random-forest's
 * CART trains in seconds per tree at our row counts (measured), too slow to cross-validate.
 * Training is full-batch gradient descent from zero weights: deterministic.
 */
export interface LinearScorer {
  mean: number[];
  scale: number[];
  /** One weight per feature, then the intercept. */
  weights: number[];
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-Math.max(-30, Math.min(30, z))));

export function scoreLinear(model: LinearScorer, x: number[]): number {
  let z = model.weights[x.length];
  for (let j = 0; j < x.length; j++) z += model.weights[j] * ((x[j] - model.mean[j]) / model.scale[j]);
  return sigmoid(z);
}

/**
 * The smallest spread a feature is standardised by. A feature nearly constant in training (on the
 * first page: true for all but a few multi-page documents) would otherwise be divided by a tiny
 * spread, so its rare value becomes a huge input and a weight learned from a handful of rows moves a
 * new document's score by several logits (a payment date on page 4 outscored the title-line date).
 * With the floor, such a feature needs real evidence to matter. 0.25 was chosen over 0, 0.15 and
 * 0.4 by grouped CV and leave-one-source-out (docs/extraction.md).
 */
const MIN_SCALE = 0.25;

export function trainLinear(
  X: number[][],
  y: number[],
  options: { l2?: number; steps?: number; rate?: number } = {},
): LinearScorer {
  const { l2 = 1e-2, steps = 400, rate = 0.5 } = options;
  const d = X[0]?.length ?? 0;
  const n = X.length;
  const mean = new Array<number>(d).fill(0);
  const scale = new Array<number>(d).fill(0);
  for (const row of X) for (let j = 0; j < d; j++) mean[j] += row[j] / n;
  for (const row of X) for (let j = 0; j < d; j++) scale[j] += (row[j] - mean[j]) ** 2 / n;
  for (let j = 0; j < d; j++) scale[j] = Math.max(Math.sqrt(scale[j]), MIN_SCALE);
  const Z = X.map((row) => row.map((v, j) => (v - mean[j]) / scale[j]));
  const w = new Array<number>(d + 1).fill(0);
  const grad = new Array<number>(d + 1);
  for (let step = 0; step < steps; step++) {
    grad.fill(0);
    for (let i = 0; i < n; i++) {
      const row = Z[i];
      let z = w[d];
      for (let j = 0; j < d; j++) z += w[j] * row[j];
      const err = sigmoid(z) - y[i];
      for (let j = 0; j < d; j++) grad[j] += err * row[j];
      grad[d] += err;
    }
    for (let j = 0; j <= d; j++) w[j] -= rate * (grad[j] / n + (j < d ? l2 * w[j] : 0));
  }
  return { mean, scale, weights: w.map((v) => Math.round(v * 1e6) / 1e6) };
}

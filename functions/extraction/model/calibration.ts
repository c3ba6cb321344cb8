/**
 * Isotonic calibration: a monotone map from a raw confidence (0..1) to the share of fields that
 * were right at that confidence, fitted by pool-adjacent-violators on out-of-fold predictions.
 */
export interface IsotonicMap {
  /** Raw confidences at the block edges, ascending. */
  x: number[];
  /** Calibrated confidence at each x (non-decreasing). */
  y: number[];
}

export function fitIsotonic(points: Array<{ raw: number; correct: boolean }>): IsotonicMap {
  const sorted = [...points].sort((a, b) => a.raw - b.raw);
  const blocks: Array<{ sum: number; n: number; lo: number; hi: number }> = [];
  for (const p of sorted) {
    blocks.push({ sum: p.correct ? 1 : 0, n: 1, lo: p.raw, hi: p.raw });
    while (blocks.length > 1) {
      const b = blocks[blocks.length - 1];
      const a = blocks[blocks.length - 2];
      if (a.sum / a.n < b.sum / b.n) break;
      blocks.splice(-2, 2, { sum: a.sum + b.sum, n: a.n + b.n, lo: a.lo, hi: b.hi });
    }
  }
  const x: number[] = [];
  const y: number[] = [];
  let floor = 0;
  for (const b of blocks) {
    // A block of few fields says little: shrink its rate towards one half (Laplace). Shrinking can
    // put a small block under a larger one below it (15 of 15 → 0.94 above 120 of 122 → 0.98); the
    // map stays monotone, so such a block keeps the rate of the block below.
    const rate = Math.max(floor, Math.round(((b.sum + 1) / (b.n + 2)) * 1000) / 1000);
    floor = rate;
    x.push(b.lo, b.hi);
    y.push(rate, rate);
  }
  return { x, y };
}

/**
 * The calibrated confidence of a raw one: linear between block edges, flat above the highest. Under
 * the lowest raw confidence the fit saw it falls linearly to 0 at raw 0: the fit has no evidence
 * that such a reading is as good as its lowest block, and carrying that block's rate down would
 * give a score the model itself all but rejected (0.07) the rate of fields it scored 0.8.
 */
export function applyIsotonic(map: IsotonicMap | undefined, raw: number): number {
  if (!map || map.x.length === 0) return raw;
  const { x, y } = map;
  if (raw <= x[0]) return x[0] > 0 ? (y[0] * Math.max(0, raw)) / x[0] : y[0];
  if (raw >= x[x.length - 1]) return y[y.length - 1];
  let i = 1;
  while (x[i] < raw) i++;
  const t = x[i] === x[i - 1] ? 1 : (raw - x[i - 1]) / (x[i] - x[i - 1]);
  return y[i - 1] + t * (y[i] - y[i - 1]);
}

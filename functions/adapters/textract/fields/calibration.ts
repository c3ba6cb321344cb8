import { type LinearScorer, scoreLinear, trainLinear } from './linear';

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
  for (const b of blocks) {
    // A block of few fields says little: shrink its rate towards one half (Laplace).
    const rate = Math.round(((b.sum + 1) / (b.n + 2)) * 1000) / 1000;
    x.push(b.lo, b.hi);
    y.push(rate, rate);
  }
  return { x, y };
}

/** The calibrated confidence of a raw one: linear between block edges, flat outside. */
export function applyIsotonic(map: IsotonicMap | undefined, raw: number): number {
  if (!map || map.x.length === 0) return raw;
  const { x, y } = map;
  if (raw <= x[0]) return y[0];
  if (raw >= x[x.length - 1]) return y[y.length - 1];
  let i = 1;
  while (x[i] < raw) i++;
  const t = x[i] === x[i - 1] ? 1 : (raw - x[i - 1]) / (x[i] - x[i - 1]);
  return y[i - 1] + t * (y[i] - y[i - 1]);
}

/**
 * A field's calibrator: a logistic regression (Platt scaling) on the raw confidence's log-odds and
 * the reading's evidence (evidence.ts), then an isotonic map of its output to the share of fields
 * that were right. Both are fitted on the same out-of-fold points.
 */
export interface FieldCalibrator {
  platt: LinearScorer;
  isotonic: IsotonicMap;
}

export interface CalibrationPoint {
  raw: number;
  evidence: number[];
  correct: boolean;
}

const logit = (p: number) => {
  const q = Math.min(0.999, Math.max(0.001, p));
  return Math.log(q / (1 - q));
};

const plattInput = (raw: number, evidence: number[]) => [logit(raw), ...evidence];

/** Fits a calibrator on (out-of-fold) points: deterministic, and never decreasing in the raw confidence. */
export function fitCalibrator(points: CalibrationPoint[]): FieldCalibrator {
  const platt = trainLinear(
    points.map((p) => plattInput(p.raw, p.evidence)),
    points.map((p) => (p.correct ? 1 : 0)),
    { l2: 0.05 },
  );
  // A higher raw confidence must never lower the calibrated one: Normalize picks by confidence.
  platt.weights[0] = Math.max(0, platt.weights[0]);
  const isotonic = fitIsotonic(
    points.map((p) => ({ raw: scoreLinear(platt, plattInput(p.raw, p.evidence)), correct: p.correct })),
  );
  return { platt, isotonic };
}

/** The calibrated confidence of a field read with `raw` confidence and this evidence (none: all 0). */
export function applyCalibrator(c: FieldCalibrator, raw: number, evidence?: number[]): number {
  const x = plattInput(raw, evidence ?? new Array<number>(c.platt.weights.length - 2).fill(0));
  return applyIsotonic(c.isotonic, scoreLinear(c.platt, x));
}

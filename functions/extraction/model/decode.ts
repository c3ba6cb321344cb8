import type { Candidate } from './candidates';

/**
 * Joint decoding: the model scores each candidate on its own; decoding picks one value per field
 * so that the picks agree with each other: subtotal + tax = total where all three are printed, a
 * subtotal and a tax below the total, and a due date on or after the invoice date.
 */
export const LEARNED_FIELDS = {
  totalAmount: 'amount',
  subtotal: 'amount',
  taxAmount: 'amount',
  invoiceDate: 'date',
  dueDate: 'date',
  invoiceNumber: 'id',
} as const;
export type LearnedField = keyof typeof LEARNED_FIELDS;

export interface Pick {
  candidate: Candidate;
  /** The model's score of the picked candidate (0..1, before calibration). */
  score: number;
}
export type Picks = Record<LearnedField, Pick | null>;

/** How much agreeing picks are preferred (log-odds added when subtotal + tax = total). */
const AGREEMENT_BONUS = Math.log(4);
const TOP = 5;
/** Optional fields are left out when no candidate scores above this. */
const PRESENT = 0.2;

type Option = Pick | null;

function top(candidates: Candidate[], scores: number[]): Pick[] {
  return candidates
    .map((candidate, i) => ({ candidate, score: scores[i] }))
    .filter((p) => Number.isFinite(p.score))
    .sort((a, b) => b.score - a.score)
    .slice(0, TOP);
}

/** The options of an optional field: its best candidates, and "not printed". */
function optional(picks: Pick[]): Array<{ pick: Option; logp: number }> {
  const best = picks[0]?.score ?? 0;
  return [
    { pick: null, logp: Math.log(Math.max(0.02, 1 - best)) },
    ...picks
      .filter((p) => p.score >= PRESENT)
      .map((p) => ({ pick: p, logp: Math.log(Math.max(1e-3, p.score)) })),
  ];
}

const logOdds = (p: number) => {
  const q = Math.min(1 - 1e-4, Math.max(1e-4, p));
  return Math.log(q / (1 - q));
};
const money = (p: Option) => (p ? (p.candidate.value as number) : null);
const near = (a: number, b: number) => Math.abs(a - b) <= 0.011;

/**
 * The amounts: every combination of a total (of its best candidates), a subtotal and a tax (each
 * also "not printed") is weighed by the product of the model's odds, times {@link
 * AGREEMENT_BONUS} where subtotal + tax = total; the heaviest combination with a total wins, so a
 * consistent combination can overrule a lone higher-scoring total. Each picked amount's score is
 * then the share of the weight of all combinations (the total's "none" among them) that agree on
 * its value: a total printed twice gains, a rival total or arithmetic that points elsewhere lowers
 * it.
 */
function decodeAmounts(
  candidates: Candidate[],
  scores: Record<LearnedField, number[]>,
): Record<'totalAmount' | 'subtotal' | 'taxAmount', Pick | null> {
  // One amount per field: each candidate is weighed by its odds (its score against all the
  // others being wrong), "not printed" by 1. Odds keep apart what probabilities squeeze together
  // (0.999 and 0.87 differ 150-fold as odds), so a near-certain total yields only to arithmetic
  // backed by comparably sure figures.
  const odds = (p: Pick) => ({ pick: p as Option, logp: logOdds(p.score) });
  const totals = top(candidates, scores.totalAmount);
  const withNone = (picks: Pick[]) => [
    { pick: null, logp: 0 },
    ...picks.filter((p) => p.score >= PRESENT).map(odds),
  ];
  const subs = withNone(top(candidates, scores.subtotal));
  const taxes = withNone(top(candidates, scores.taxAmount));
  const totalOptions: Array<{ pick: Option; logp: number }> = [...totals.map(odds), { pick: null, logp: 0 }];
  const combos: Array<{ total: Option; subtotal: Option; tax: Option; logp: number }> = [];
  for (const total of totalOptions) {
    const t = money(total.pick);
    for (const sub of subs) {
      const s = money(sub.pick);
      if (sub.pick && total.pick && sub.pick.candidate === total.pick.candidate) continue;
      if (t !== null && s !== null && s > t + 0.011) continue;
      for (const tax of taxes) {
        const x = money(tax.pick);
        if (x !== null && ((t !== null && x >= t) || (s !== null && x > s))) continue;
        let logp = total.logp + sub.logp + tax.logp;
        if (t !== null && s !== null && x !== null && near(s + x, t)) logp += AGREEMENT_BONUS;
        combos.push({ total: total.pick, subtotal: sub.pick, tax: tax.pick, logp });
      }
    }
  }
  const withTotal = combos.filter((c) => c.total || totals.length === 0);
  const best = withTotal.reduce<(typeof combos)[number] | null>(
    (a, c) => (!a || c.logp > a.logp ? c : a),
    null,
  );
  const max = Math.max(...combos.map((c) => c.logp));
  const weight = combos.map((c) => Math.exp(c.logp - max));
  const all = weight.reduce((a, w) => a + w, 0);
  /** The share of all combinations' weight that gives `field` the value of `pick`. */
  const share = (pick: Option, field: 'total' | 'subtotal' | 'tax'): Option => {
    if (!pick) return null;
    const v = money(pick)!;
    const agree = combos.reduce((a, c, i) => {
      const o = money(c[field]);
      return o !== null && Math.abs(o - v) < 0.005 ? a + weight[i] : a;
    }, 0);
    return { candidate: pick.candidate, score: agree / all };
  };
  return {
    totalAmount: share(best?.total ?? null, 'total'),
    subtotal: share(best?.subtotal ?? null, 'subtotal'),
    taxAmount: share(best?.tax ?? null, 'tax'),
  };
}

/** Picks one candidate per field; `scores[field][i]` scores `candidates[i]` (NaN where the kind differs). */
export function decode(candidates: Candidate[], scores: Record<LearnedField, number[]>): Picks {
  const issued = top(candidates, scores.invoiceDate);
  let bestDates: { invoice: Option; due: Option; logp: number } = {
    invoice: issued[0] ?? null,
    due: null,
    logp: Number.NEGATIVE_INFINITY,
  };
  for (const invoice of issued.length ? issued : [null]) {
    for (const due of optional(top(candidates, scores.dueDate))) {
      if (invoice && due.pick && (due.pick.candidate.value as string) < (invoice.candidate.value as string))
        continue;
      const logp = (invoice ? Math.log(Math.max(1e-3, invoice.score)) : 0) + due.logp;
      if (logp > bestDates.logp) bestDates = { invoice, due: due.pick, logp };
    }
  }
  return {
    ...decodeAmounts(candidates, scores),
    invoiceDate: bestDates.invoice,
    dueDate: bestDates.due,
    invoiceNumber: top(candidates, scores.invoiceNumber)[0] ?? null,
  };
}

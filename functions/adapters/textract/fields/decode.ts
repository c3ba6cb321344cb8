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

const money = (p: Option) => (p ? (p.candidate.value as number) : null);
const near = (a: number, b: number) => Math.abs(a - b) <= 0.011;

/** Picks one candidate per field; `scores[field][i]` scores `candidates[i]` (NaN where the kind differs). */
export function decode(candidates: Candidate[], scores: Record<LearnedField, number[]>): Picks {
  const totals = top(candidates, scores.totalAmount);
  let bestAmounts: { total: Option; subtotal: Option; tax: Option; logp: number } = {
    total: totals[0] ?? null,
    subtotal: null,
    tax: null,
    logp: Number.NEGATIVE_INFINITY,
  };
  for (const total of totals.length ? totals : [null]) {
    const t = money(total);
    for (const sub of optional(top(candidates, scores.subtotal))) {
      for (const tax of optional(top(candidates, scores.taxAmount))) {
        const s = money(sub.pick);
        const x = money(tax.pick);
        if (t !== null && ((s !== null && s > t + 0.011) || (x !== null && x >= t))) continue;
        if (sub.pick && total && sub.pick.candidate === total.candidate) continue;
        let logp = (total ? Math.log(Math.max(1e-3, total.score)) : 0) + sub.logp + tax.logp;
        if (t !== null && s !== null && x !== null && near(s + x, t)) logp += AGREEMENT_BONUS;
        if (logp > bestAmounts.logp) bestAmounts = { total, subtotal: sub.pick, tax: tax.pick, logp };
      }
    }
  }
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
    totalAmount: bestAmounts.total,
    subtotal: bestAmounts.subtotal,
    taxAmount: bestAmounts.tax,
    invoiceDate: bestDates.invoice,
    dueDate: bestDates.due,
    invoiceNumber: top(candidates, scores.invoiceNumber)[0] ?? null,
  };
}

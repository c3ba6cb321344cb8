import type { Allocation, AllocationInput } from '@shared/schemas/invoice';

/**
 * The Split editor's arithmetic, in integer cents (and hundredths of a percent), so the remaining amount
 * it shows is exactly what the API will check: a split must add up to the invoice's total to the cent.
 */
export type SplitMode = 'amount' | 'percent';

export interface SplitRow {
  propertyId: string;
  /** Empty: the invoice's category. */
  categoryId: string;
  /** What the person typed: an amount, or a percentage of the total. */
  value: string;
}

export interface SplitDraft {
  mode: SplitMode;
  rows: SplitRow[];
}

/** A typed number in hundredths (cents, or hundredths of a percent); null when it is not a number. */
export function hundredths(value: string): number | null {
  const text = value.trim();
  if (!/^\d+(\.\d{0,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

/**
 * The typed total as the editor splits it: its size in cents, and whether it is a credit (negative). A
 * credit's shares are entered as sizes too and sent negative, as the API books them.
 */
export function splitTotal(value: string): { cents: number | null; credit: boolean } {
  const text = value.trim();
  const credit = text.startsWith('-');
  return { cents: hundredths(credit ? text.slice(1) : text), credit };
}

/** The split the invoice has, as the editor starts it (amounts; a credit's as their sizes). */
export function draftOf(allocations: readonly Allocation[]): SplitDraft {
  return {
    mode: 'amount',
    rows: allocations.map((a) => ({
      propertyId: a.propertyId,
      categoryId: a.categoryId ?? '',
      value: (Math.round(Math.abs(a.amount) * 100) / 100).toFixed(2),
    })),
  };
}

/**
 * Each row's amount in cents. Percentages become amounts by the largest-remainder rule, so shares that
 * add up to 100% add up to the total exactly (⅓ of 1,000.00 is 333.34 + 333.33 + 333.33).
 */
export function rowCents(draft: SplitDraft, totalCents: number): (number | null)[] {
  const values = draft.rows.map((r) => hundredths(r.value));
  if (draft.mode === 'amount') return values;
  const exact = values.map((v) => (v === null ? null : (totalCents * v) / 10_000));
  const floors = exact.map((x) => (x === null ? null : Math.floor(x)));
  const percentSum = values.reduce<number>((sum, v) => sum + (v ?? 0), 0);
  if (percentSum !== 10_000 || values.includes(null))
    return exact.map((x) => (x === null ? null : Math.round(x)));
  let left = totalCents - floors.reduce<number>((sum, f) => sum + (f ?? 0), 0);
  const byRemainder = exact
    .map((x, i) => ({ i, remainder: (x ?? 0) - (floors[i] ?? 0) }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  const out = [...floors] as number[];
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    out[i] += 1;
    left -= 1;
  }
  return out;
}

export type SplitStatus =
  | { kind: 'balanced' }
  | { kind: 'remaining'; cents: number }
  | { kind: 'over'; cents: number }
  | { kind: 'incomplete'; reason: string };

/** Whether the split adds up to the total, and if not by how much, or what is missing. */
export function splitStatus(draft: SplitDraft, totalCents: number | null): SplitStatus {
  if (totalCents === null || totalCents <= 0) return { kind: 'incomplete', reason: 'Enter the total first' };
  if (draft.rows.some((r) => !r.propertyId))
    return { kind: 'incomplete', reason: 'Choose a property for every share' };
  const cents = rowCents(draft, totalCents);
  if (cents.some((c) => c === null || c <= 0))
    return { kind: 'incomplete', reason: 'Enter an amount above 0 for every share' };
  const sum = cents.reduce<number>((acc, c) => acc + (c ?? 0), 0);
  if (sum === totalCents) return { kind: 'balanced' };
  return sum < totalCents
    ? { kind: 'remaining', cents: totalCents - sum }
    : { kind: 'over', cents: sum - totalCents };
}

/** The request's allocations (amounts, negative for a credit), for a balanced split. */
export function allocationsOf(draft: SplitDraft, totalCents: number, credit = false): AllocationInput[] {
  const cents = rowCents(draft, totalCents);
  return draft.rows.map((r, i) => ({
    propertyId: r.propertyId,
    categoryId: r.categoryId || null,
    amount: ((credit ? -1 : 1) * (cents[i] ?? 0)) / 100,
  }));
}

/**
 * A line item's amount in cents, which its split must add up to: its total price, else quantity × unit
 * price (as the API checks it); null when it has no amount above 0 to split.
 */
export function lineItemCents(line: {
  quantity: number | null;
  unitPrice: number | null;
  totalPrice: number | null;
}): number | null {
  const amount =
    line.totalPrice ??
    (line.quantity != null && line.unitPrice != null ? line.quantity * line.unitPrice : null);
  return amount !== null && amount > 0 ? Math.round(amount * 100) : null;
}

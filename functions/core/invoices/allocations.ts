import type { AllocationInput } from '../../../shared/schemas';
import { AppError } from '../errors/app-error';

/*
 * Split coding: an invoice (or one of its line items) allocated across properties and expense
 * categories. Amounts are in the invoice's currency (the request schema `allocationInputSchema` allows
 * two decimals); every sum here is done in integer cents, so 333.33 + 333.33 + 333.34 is exactly
 * 1,000.00 and never 999.9999….
 */

/** Money in integer cents (amounts carry at most two decimals, see the request schema). */
export const toCents = (amount: number) => Math.round(amount * 100);

const plain = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** `1,000.00`: the amount without a currency sign (the message names no currency). */
const amountText = (cents: number) => plain.format(cents / 100);

/**
 * Why these allocations do not split `totalCents`, or null when they add up to it exactly to the cent
 * with every share of the whole's sign (a credit's shares are negative). `what` names the whole ('the
 * total', 'line item "Mowing"'). An empty list splits nothing and is fine.
 */
export function allocationShortfall(
  allocations: readonly AllocationInput[],
  totalCents: number,
  what = 'the total',
): string | null {
  if (allocations.length === 0) return null;
  // A credit note's total is negative and so is each of its shares: a mix would book a refund as spend.
  const credit = totalCents < 0;
  if (allocations.some((a) => (credit ? a.amount > 0 : a.amount < 0)))
    return credit
      ? `Each share of a credit must be less than 0, as ${what} ${amountText(totalCents)} is`
      : 'Each share must be more than 0';
  const sum = allocations.reduce((acc, a) => acc + toCents(a.amount), 0);
  if (sum === totalCents) return null;
  const difference = Math.abs(totalCents - sum);
  const direction = Math.abs(sum) < Math.abs(totalCents) ? 'short of' : 'more than';
  return `Allocations add up to ${amountText(sum)}, ${amountText(difference)} ${direction} ${what} ${amountText(totalCents)}`;
}

/** A line item as far as splitting it goes. */
export interface LineToSplit {
  id: string;
  description: string;
  /** The line's amount (its total price, else quantity × unit price); null when it has none. */
  amount: number | null;
}

/**
 * Checks an invoice's split and its line items' splits: each must add up to its whole (the invoice's
 * total, a line's amount) to the cent, and a line can only be split when it has an amount and exists.
 * Throws a 400 naming the difference; `path` points the form at the field.
 */
export function assertSplitsAddUp(input: {
  totalAmount: number | null;
  allocations: readonly AllocationInput[];
  lines: readonly LineToSplit[];
  lineAllocations: Readonly<Record<string, readonly AllocationInput[]>>;
}): void {
  const refuse = (message: string, path: string): never => {
    throw new AppError('input', 'split_mismatch', message, { issues: [{ path, message }] });
  };
  if (input.allocations.length > 0) {
    if (input.totalAmount === null) refuse('Enter the total before splitting the invoice', 'allocations');
    const shortfall = allocationShortfall(input.allocations, toCents(input.totalAmount ?? 0));
    if (shortfall) refuse(shortfall, 'allocations');
  }
  for (const [lineId, allocations] of Object.entries(input.lineAllocations)) {
    if (allocations.length === 0) continue;
    const line = input.lines.find((l) => l.id === lineId);
    if (!line) refuse(`The invoice has no line item ${lineId}`, 'lineItems');
    const { amount, description } = line as LineToSplit;
    if (amount === null) refuse(`Line item "${description}" has no amount to split`, 'lineItems');
    const shortfall = allocationShortfall(allocations, toCents(amount ?? 0), `line item "${description}"`);
    if (shortfall) refuse(shortfall, 'lineItems');
  }
}

/** One share of an invoice's spend: where it is booked, in cents. */
export interface SpendShare {
  propertyId: string | null;
  categoryId: string | null;
  cents: number;
}

/**
 * Where an invoice's spend goes, for analytics. The invoice's own split wins; otherwise each split line
 * item's allocations, with whatever the split lines do not cover staying on the invoice's property and
 * category; with no split at all, the whole amount is on the invoice's property and category. An
 * allocation without a category takes the invoice's.
 */
export function spendShares(invoice: {
  totalCents: number;
  propertyId: string | null;
  categoryId: string | null;
  allocations?: readonly AllocationInput[] | null;
  lineAllocations?: Readonly<Record<string, readonly AllocationInput[]>> | null;
}): SpendShare[] {
  const share = (a: AllocationInput): SpendShare => ({
    propertyId: a.propertyId,
    categoryId: a.categoryId ?? invoice.categoryId,
    cents: toCents(a.amount),
  });
  if (invoice.allocations?.length) return invoice.allocations.map(share);
  const fromLines = Object.values(invoice.lineAllocations ?? {}).flatMap((list) => list.map(share));
  const rest = invoice.totalCents - fromLines.reduce((sum, s) => sum + s.cents, 0);
  const whole = { propertyId: invoice.propertyId, categoryId: invoice.categoryId, cents: rest };
  return fromLines.length === 0 || rest !== 0 ? [...fromLines, whole] : fromLines;
}

/**
 * What a person's splits become when a processing run re-reads the invoice: the line items are replaced
 * (their splits go with them), and the invoice's split stays only while it still adds up to the total the
 * run read. Undefined fields are left as they are.
 */
export function splitsAfterRun(
  invoice: { allocations?: AllocationInput[]; lineAllocations?: Record<string, unknown> },
  run: { totalAmount: number | null; linesReplaced: boolean },
): { allocations?: []; lineAllocations?: Record<string, never> } {
  const out: { allocations?: []; lineAllocations?: Record<string, never> } = {};
  if (run.linesReplaced && Object.keys(invoice.lineAllocations ?? {}).length > 0) out.lineAllocations = {};
  const split = invoice.allocations ?? [];
  if (split.length > 0 && (run.totalAmount === null || allocationShortfall(split, toCents(run.totalAmount))))
    out.allocations = [];
  return out;
}

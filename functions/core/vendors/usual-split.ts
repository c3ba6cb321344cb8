import type { Allocation } from '../../../shared/schemas';
import type { ApprovedHistory } from '../../../shared/schemas/vendor-memory';
import { fitCents } from '../billing/bill-plan';

/**
 * A vendor's usual split: a landscaper or a shared-services vendor billed across the same buildings
 * every month, in the same proportions, is split so by the clerk every month. Once its newest approved
 * invoices all were, its next invoice arrives split the same way, shared out over its own total, for a
 * person to confirm (core/extraction/pipeline.ts puts it on the invoice with a note saying so).
 */

/** One share of an approved split as the vendor's history keeps it: where it was booked, and how much. */
export interface SplitShare {
  propertyId: string;
  categoryId: string | null;
  amount: number;
}

/** What an approved invoice's record (core/vendors/history.ts) says of its split. */
type Approval = { split?: SplitShare[] | null };

/** Approved invoices in a row, newest first, split alike, that make a split the vendor's usual one. */
export const USUAL_SPLIT_RUN = 3;
/**
 * How far one invoice's share of a property may be from the newest's and still be one split: half a
 * point, beyond the cent rounding of any real total, well below a changed agreement (60/40 to 55/45).
 */
const SHARE_TOLERANCE = 0.005;

/** What an approved invoice's split is kept as (none when it was not split across two or more shares). */
export function splitOfApproval(allocations: readonly Allocation[] | undefined): SplitShare[] | null {
  if (!allocations || allocations.length < 2) return null;
  return allocations.map(({ propertyId, categoryId, amount }) => ({ propertyId, categoryId, amount }));
}

/** A share's place: its property and category. */
type Place = Pick<SplitShare, 'propertyId' | 'categoryId'>;
const keyOf = (s: Place) => `${s.propertyId}|${s.categoryId ?? ''}`;

/** Each place's part of the whole (shares on one place summed); null when the split has no positive whole. */
function proportions(split: SplitShare[]): Map<string, Place & { part: number }> | null {
  const whole = split.reduce((sum, s) => sum + s.amount, 0);
  if (!(whole > 0) || split.some((s) => s.amount <= 0)) return null;
  const out = new Map<string, Place & { part: number }>();
  for (const { propertyId, categoryId, amount } of split) {
    const key = keyOf({ propertyId, categoryId });
    out.set(key, { propertyId, categoryId, part: (out.get(key)?.part ?? 0) + amount / whole });
  }
  return out;
}

export interface UsualSplit {
  /** The shares of the newest approved split, each with its part of the whole (0..1, adding up to 1). */
  shares: Array<Place & { part: number }>;
  /** The approved invoices it was learned from. */
  count: number;
}

/** A share's part as a percent, to a tenth: what the vendor's page and the reviewer's note say. */
const percentOf = (part: number) => Math.round(part * 1000) / 10;

/**
 * The vendor's usual split: its newest USUAL_SPLIT_RUN approved invoices were all split over the same
 * properties and categories, each share within SHARE_TOLERANCE of the same part of the total. Null when
 * any of them was not split, or split otherwise (a clerk who changed the split has a new usual one only
 * once it repeats).
 */
export function usualSplit(history: readonly Approval[]): UsualSplit | null {
  const recent = history.slice(0, USUAL_SPLIT_RUN);
  if (recent.length < USUAL_SPLIT_RUN) return null;
  const parts = recent.map((f) => (f.split ? proportions(f.split) : null));
  const [newest] = parts;
  if (!newest) return null;
  const alike = (p: ReturnType<typeof proportions>) =>
    p !== null &&
    p.size === newest.size &&
    [...newest].every(([key, { part }]) => Math.abs((p.get(key)?.part ?? -1) - part) <= SHARE_TOLERANCE);
  return parts.every(alike) ? { shares: [...newest.values()], count: recent.length } : null;
}

/**
 * The usual split shared out over a new invoice's total, each share a whole number of cents and the
 * shares adding up to the total exactly (largest remainders). Null for a total that is not positive: a
 * credit note is split by a person.
 */
export function splitTotal(usual: UsualSplit, totalAmount: number | null): SplitShare[] | null {
  if (totalAmount === null || !(totalAmount > 0)) return null;
  const cents = fitCents(
    usual.shares.map((s) => s.part),
    Math.round(totalAmount * 100),
  );
  return usual.shares.map((s, i) => ({
    propertyId: s.propertyId,
    categoryId: s.categoryId,
    amount: cents[i] / 100,
  }));
}

/** The usual split as the vendor's page shows it (GET /api/vendors/{id}/memory), percents to a tenth. */
export function splitView(
  history: readonly Approval[],
  propertyName: (propertyId: string) => string | null,
): ApprovedHistory['split'] {
  const usual = usualSplit(history);
  return (
    usual && {
      shares: usual.shares.map((s) => ({
        propertyId: s.propertyId,
        propertyName: propertyName(s.propertyId),
        categoryId: s.categoryId,
        percent: percentOf(s.part),
      })),
      count: usual.count,
    }
  );
}

/**
 * The new invoice split as the vendor's usual split (`usual`, from its history) says, with the note the
 * reviewer reads; null when there is none, the total is not positive, or a property or category of it
 * is no longer the organization's (an inactive property is left out of `properties`).
 */
export function splitAsUsual(
  usual: UsualSplit | null,
  totalAmount: number | null,
  properties: ReadonlyArray<{ id: string; name: string }>,
  categories: ReadonlyArray<{ id?: string; name: string }>,
): { allocations: Allocation[]; note: string } | null {
  const shares = usual && splitTotal(usual, totalAmount);
  if (!usual || !shares) return null;
  const allocations: Allocation[] = [];
  for (const share of shares) {
    const property = properties.find((p) => p.id === share.propertyId);
    const category = share.categoryId ? categories.find((c) => c.id === share.categoryId) : null;
    if (!property || category === undefined) return null;
    allocations.push({
      ...share,
      propertyName: property.name,
      categoryName: category?.name ?? null,
    });
  }
  const parts = usual.shares.map((s, i) => `${percentOf(s.part)}% ${allocations[i].propertyName}`);
  return {
    allocations,
    note: `Split as this vendor's last ${usual.count} approved invoices were: ${parts.join(', ')}.`,
  };
}

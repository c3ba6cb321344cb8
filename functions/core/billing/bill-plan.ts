import { formatDate, formatMoney } from '../../../shared/format';
import { toCents } from '../invoices/allocations';

/*
 * What a bill in the books is made of: the invoice AS APPROVED, never the reading behind it. The person
 * approved a total (and a tax, a split); the bill's lines are built so that they add up to that total to
 * the cent, in integer cents throughout, whatever the extracted line items say. Every integration
 * (QuickBooks, Propertyware, the e-mail summary) books from this one plan, so a bill can never differ
 * from the approved invoice in one target and not in another.
 */

/** One share of a split, as the invoice JSON carries it. */
export interface BillAllocation {
  propertyId: string;
  propertyName: string | null;
  categoryId: string | null;
  categoryName?: string | null;
  amount: number;
}

/** The approved invoice's fields a bill is made of (a subset of the invoice JSON with its line items). */
export interface BillSource {
  id: string;
  invoiceNumber: string | null;
  invoiceDate: string | null;
  dueDate: string | null;
  vendorName: string | null;
  /** Our vendor's id: an integration's vendor map may name the system's vendor for it. */
  vendorId?: string | null;
  subtotal?: number | null;
  taxAmount?: number | null;
  totalAmount: number | null;
  currency?: string | null;
  categoryId: string | null;
  propertyId?: string | null;
  /** The invoice's split; empty or absent when it is not split. */
  allocations?: BillAllocation[] | null;
  /** A utility bill's account and service period: said in the bill's memo, never in its money. */
  accountNumber?: string | null;
  servicePeriodStart?: string | null;
  servicePeriodEnd?: string | null;
  lineItems: {
    description: string;
    quantity: number | null;
    unitPrice: number | null;
    totalPrice: number | null;
    categoryId?: string | null;
    allocations?: BillAllocation[];
  }[];
}

/**
 * The bill's memo in the books: our invoice's id, and for a utility bill the account and the service
 * period it is for ("Invoice Pilot invoice 01J… · Account 61358805 · Service Apr 6, 2020 – May 4, 2020").
 */
export function billMemo(
  source: Pick<BillSource, 'id' | 'accountNumber' | 'servicePeriodStart' | 'servicePeriodEnd'>,
): string {
  const parts = [`Invoice Pilot invoice ${source.id}`];
  if (source.accountNumber) parts.push(`Account ${source.accountNumber}`);
  if (source.servicePeriodStart && source.servicePeriodEnd)
    parts.push(`Service ${formatDate(source.servicePeriodStart)} – ${formatDate(source.servicePeriodEnd)}`);
  return parts.join(' · ');
}

/** One line of the bill, in positive integer cents (a credit's lines are positive too: the kind says credit). */
export interface PlannedLine {
  cents: number;
  description: string;
  categoryId: string | null;
  propertyId: string | null;
  /** The tax line: booked on the target's tax account (or its default), never on an expense category. */
  tax: boolean;
}

/**
 * How the lines were made, for the bill's note and for tests: from the approved split, from the line items
 * (exact or with a rounding fix), from the line items plus one line for charges they do not itemize, or as
 * one line of the approved amount because the line items cannot be trusted to make it up.
 */
export type PlanBasis = 'split' | 'lines' | 'lines_and_rest' | 'total';

export interface BillPlan {
  /** A negative approved total is a vendor credit (a credit note), booked as such, never as a bill. */
  kind: 'bill' | 'credit';
  currency: string;
  /** The approved total in positive cents; the lines add up to exactly this. */
  totalCents: number;
  taxCents: number;
  lines: PlannedLine[];
  basis: PlanBasis;
}

/** The line for charges the line items do not itemize (shipping, fees), so that the bill still adds up. */
export const REST_LINE_DESCRIPTION = 'Other charges on the invoice, not itemized';
export const TAX_LINE_DESCRIPTION = 'Tax';

/** A line item's amount: its total price, else quantity × unit price (null when it has neither). */
export const lineAmount = (line: {
  quantity: number | null;
  unitPrice: number | null;
  totalPrice: number | null;
}) =>
  line.totalPrice ??
  (line.quantity != null && line.unitPrice != null ? line.quantity * line.unitPrice : null);

/**
 * Shares `targetCents` in proportion to `weights` (positive cents), each share a whole number of cents and
 * their sum exactly the target: shares are rounded down, then the cents left over go to the largest
 * remainders (Hamilton's method), ties to the earlier line.
 */
export function fitCents(weights: readonly number[], targetCents: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) throw new Error('fitCents needs positive weights');
  const exact = weights.map((w) => (w * targetCents) / sum);
  const shares = exact.map(Math.floor);
  let left = targetCents - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, rest: x - Math.floor(x) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

/** Line items whose sum is within a cent per line of the target only need their rounding fixed. */
const roundingTolerance = (lineCount: number) => Math.max(2, lineCount);

interface Share {
  cents: number;
  description: string;
  categoryId: string | null;
  propertyId: string | null;
}

/** The line items as shares (split lines one share per allocation), signed so that the bill's own sign is +. */
function lineShares(source: BillSource, sign: 1 | -1): Share[] {
  const shares: Share[] = source.lineItems.flatMap((line) => {
    const categoryId = line.categoryId ?? source.categoryId;
    if (line.allocations?.length)
      return line.allocations.map((a) => ({
        cents: sign * toCents(a.amount),
        description: [line.description, a.propertyName].filter(Boolean).join(' — '),
        categoryId: a.categoryId ?? categoryId,
        propertyId: a.propertyId,
      }));
    const amount = lineAmount(line);
    return amount == null
      ? []
      : [
          {
            cents: sign * toCents(amount),
            description: line.description,
            categoryId,
            propertyId: source.propertyId ?? null,
          },
        ];
  });
  const nonZero = shares.filter((s) => s.cents !== 0);
  // A credit note may print its lines positive under a negative total: then every line is the other way round.
  return nonZero.length > 0 && nonZero.every((s) => s.cents < 0)
    ? nonZero.map((s) => ({ ...s, cents: -s.cents }))
    : nonZero;
}

/**
 * Scales the positive shares to `netCents`; negative ones (discounts) are folded into them in proportion,
 * since a target cannot take a negative line on a bill.
 */
const scaled = (shares: Share[], netCents: number): Share[] => {
  const positive = shares.filter((s) => s.cents > 0);
  const fitted = fitCents(
    positive.map((s) => s.cents),
    netCents,
  );
  return positive.map((s, i) => ({ ...s, cents: fitted[i] })).filter((s) => s.cents > 0);
};

/**
 * The bill an approved invoice becomes, or why none can be made. The approved total decides; the tax is its
 * own line; the split (which adds up to the total) is shared out over the net amount; line items are used
 * when they make up the net amount (to a cent per line, or the gross amount when they include the tax),
 * with one more line for charges they leave out, and are replaced by one line of the approved net amount
 * when they cannot make it up. The result always adds up to the approved total exactly: that is checked
 * before it is answered, so a bill that differs from the approval is refused, never sent.
 */
export function planBill(source: BillSource): BillPlan | { error: string } {
  const currency = source.currency ?? 'USD';
  const money = (cents: number) => formatMoney(cents / 100, currency);
  if (source.totalAmount == null || toCents(source.totalAmount) === 0)
    return { error: 'The invoice has no amount to bill' };
  const signedTotal = toCents(source.totalAmount);
  const sign: 1 | -1 = signedTotal < 0 ? -1 : 1;
  const totalCents = Math.abs(signedTotal);
  const taxCents = sign * toCents(source.taxAmount ?? 0);
  if (taxCents < 0 || taxCents > totalCents)
    return {
      error: `The tax ${money(sign * taxCents)} does not fit the total ${money(signedTotal)}: correct the tax`,
    };
  const netCents = totalCents - taxCents;
  const base = { kind: sign < 0 ? ('credit' as const) : ('bill' as const), currency, totalCents, taxCents };
  const whole: Share = {
    cents: netCents,
    description: source.invoiceNumber ? `Invoice ${source.invoiceNumber}` : '',
    categoryId: source.categoryId,
    propertyId: source.propertyId ?? null,
  };

  let basis: PlanBasis;
  let shares: Share[];
  if (source.allocations?.length) {
    const split = source.allocations.map((a) => ({
      cents: sign * toCents(a.amount),
      description: a.propertyName ?? '',
      categoryId: a.categoryId ?? source.categoryId,
      propertyId: a.propertyId,
    }));
    const splitSum = split.reduce((acc, s) => acc + s.cents, 0);
    if (splitSum !== totalCents)
      return {
        error: `The split adds up to ${money(sign * splitSum)}, not the approved total ${money(signedTotal)}: correct the split`,
      };
    basis = 'split';
    shares = netCents > 0 ? scaled(split, netCents) : [];
  } else {
    const lines = lineShares(source, sign);
    const lineSum = lines.reduce((acc, s) => acc + s.cents, 0);
    const tolerance = roundingTolerance(lines.length);
    const hasPositive = lines.some((s) => s.cents > 0);
    if (netCents === 0) {
      basis = 'total';
      shares = [];
    } else if (hasPositive && Math.abs(lineSum - netCents) <= tolerance) {
      basis = 'lines';
      shares = scaled(lines, netCents);
    } else if (hasPositive && taxCents > 0 && Math.abs(lineSum - totalCents) <= tolerance) {
      // Gross line items (tax included in each): their net parts make up the net amount.
      basis = 'lines';
      shares = scaled(lines, netCents);
    } else if (hasPositive && lineSum > 0 && lineSum < netCents && lineSum * 2 >= netCents) {
      // Itemized charges plus some the items leave out (delivery, fees): the rest is its own line.
      basis = 'lines_and_rest';
      shares = [
        ...scaled(lines, lineSum),
        { ...whole, cents: netCents - lineSum, description: REST_LINE_DESCRIPTION },
      ];
    } else {
      basis = 'total';
      shares = [whole];
    }
  }

  const lines: PlannedLine[] = [
    ...shares.map((s) => ({ ...s, tax: false })),
    ...(taxCents > 0
      ? [
          {
            cents: taxCents,
            description: TAX_LINE_DESCRIPTION,
            categoryId: null,
            propertyId: null,
            tax: true,
          },
        ]
      : []),
  ];
  const billed = lines.reduce((acc, l) => acc + l.cents, 0);
  if (billed !== totalCents || lines.some((l) => l.cents <= 0 || !Number.isInteger(l.cents)))
    return {
      error: `The bill would total ${money(sign * billed)}, not the approved ${money(signedTotal)}: not sent`,
    };
  return { ...base, lines, basis };
}

/** Cents as the decimal number an API's JSON takes: 8090 → 80.9, exactly two decimals at most. */
export const fromCents = (cents: number) => Number((cents / 100).toFixed(2));

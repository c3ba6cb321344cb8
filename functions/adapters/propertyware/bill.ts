import type { Allocation as SharedAllocation } from '../../../shared/schemas';
import type { BillSource } from '../quickbooks/bill';

/**
 * How an approved invoice becomes a Propertyware bill (REST API v1, SaveBill): one bill split per
 * allocation of the invoice to a property (split coding), else per priced line item, else one for the
 * total; each on the GL account its category maps to and the portfolio (and building) its property maps to.
 * Pure: the client (client.ts) sends what this builds.
 */

/** A share of the invoice coded to one property (and category): what of a split a bill needs. */
export type Allocation = Pick<SharedAllocation, 'propertyId' | 'categoryId' | 'amount'>;

export type PropertywareBillSource = BillSource & {
  propertyId?: string | null;
  allocations?: Allocation[] | null;
};

export interface PropertywareMapping {
  defaultGlAccountId?: string;
  /** `{categoryId: glAccountId}` as JSON. */
  accountMap?: string;
  defaultPortfolioId?: string;
  /** `{propertyId: {portfolioId, buildingId?}}` as JSON. */
  propertyMap?: string;
}

export interface SaveBillSplit {
  amount: number;
  glAccountID: number;
  portfolioID: number;
  buildingID?: number;
  comments?: string;
}

export interface SaveBill {
  vendorID: number;
  billDate: string;
  dueDate: string;
  refNo: string;
  comments: string;
  billSplits: SaveBillSplit[];
}

/** Propertyware's ids are int64; a configured id that is not a whole number is a configuration error. */
const asId = (value: string | undefined) => (value && /^\d{1,18}$/.test(value) ? Number(value) : undefined);
const cents = (amount: number) => Math.round(amount * 100) / 100;
/** Propertyware's limit on refNo and comments we keep to. */
const REF_NO_MAX = 50;
const COMMENTS_MAX = 500;

function parsed<T>(json: string | undefined): Record<string, T> {
  if (!json) return {};
  const value: unknown = JSON.parse(json);
  return value && typeof value === 'object' ? (value as Record<string, T>) : {};
}

/** The bill's reference number: the invoice number (looked up before creating, so never twice). */
export const refNoOf = (source: PropertywareBillSource) =>
  (source.invoiceNumber?.trim() || `IP-${source.id}`).slice(0, REF_NO_MAX);

/** The splits, or why none can be made (checked before any call: no retry can fix a missing mapping). */
export function billSplits(
  source: PropertywareBillSource,
  mapping: PropertywareMapping,
): SaveBillSplit[] | { error: string } {
  const accounts = parsed<string>(mapping.accountMap);
  const properties = parsed<{ portfolioId?: string; buildingId?: string }>(mapping.propertyMap);
  const wanted: {
    amount: number;
    categoryId?: string | null;
    propertyId?: string | null;
    comments?: string;
  }[] = source.allocations?.length
    ? source.allocations.map((a) => ({ ...a, categoryId: a.categoryId ?? source.categoryId }))
    : source.lineItems.some((l) => (l.totalPrice ?? 0) > 0)
      ? source.lineItems
          .filter((l) => (l.totalPrice ?? 0) > 0)
          .map((l) => ({
            amount: l.totalPrice as number,
            categoryId: l.categoryId ?? source.categoryId,
            propertyId: source.propertyId,
            comments: l.description,
          }))
      : source.totalAmount && source.totalAmount > 0
        ? [{ amount: source.totalAmount, categoryId: source.categoryId, propertyId: source.propertyId }]
        : [];
  if (wanted.length === 0) return { error: 'The invoice has no amount to bill' };
  const splits: SaveBillSplit[] = [];
  for (const want of wanted) {
    const glAccountID = asId((want.categoryId && accounts[want.categoryId]) || mapping.defaultGlAccountId);
    if (glAccountID === undefined)
      return {
        error: want.categoryId
          ? `No Propertyware GL account for category ${want.categoryId}: map it or set a default GL account`
          : 'No Propertyware GL account: set a default GL account',
      };
    const place = want.propertyId ? properties[want.propertyId] : undefined;
    const portfolioID = asId(place?.portfolioId ?? mapping.defaultPortfolioId);
    if (portfolioID === undefined)
      return {
        error: want.propertyId
          ? `No Propertyware portfolio for property ${want.propertyId}: map it or set a default portfolio`
          : 'No Propertyware portfolio: set a default portfolio',
      };
    const buildingID = asId(place?.buildingId);
    splits.push({
      amount: cents(want.amount),
      glAccountID,
      portfolioID,
      ...(buildingID !== undefined ? { buildingID } : {}),
      ...(want.comments ? { comments: want.comments.slice(0, COMMENTS_MAX) } : {}),
    });
  }
  return splits;
}

export function billFor(
  source: PropertywareBillSource,
  vendorID: number,
  splits: SaveBillSplit[],
  today: string,
): SaveBill {
  const billDate = source.invoiceDate ?? today;
  return {
    vendorID,
    billDate,
    dueDate: source.dueDate ?? billDate,
    refNo: refNoOf(source),
    comments: `Invoice Pilot invoice ${source.id}`,
    billSplits: splits,
  };
}

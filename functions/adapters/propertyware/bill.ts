import { type BillPlan, type BillSource, billMemo, fromCents } from '../../core/billing/bill-plan';

/**
 * How an approved invoice's bill plan (core/billing/bill-plan.ts: the approved total, tax as its own line,
 * lines that add up to it to the cent) becomes a Propertyware bill (REST API v1, SaveBill) or, for a credit
 * note, a vendor credit (SaveCredit): one bill split per planned line, on the GL account its category maps
 * to (the tax line on the tax GL account, else the default) and the portfolio (and building) its property
 * maps to. Pure: the client (client.ts) sends what this builds.
 */

export type PropertywareBillSource = BillSource;

export interface PropertywareMapping {
  defaultGlAccountId?: string;
  /** The GL account of the tax split; the default GL account when unset. */
  taxGlAccountId?: string;
  /** `{categoryId: glAccountId}` as JSON. */
  accountMap?: string;
  defaultPortfolioId?: string;
  /** `{propertyId: {portfolioId, buildingId?}}` as JSON. */
  propertyMap?: string;
  /** `{vendorId: propertywareVendorId}` as JSON: the vendor the admin chose for ours. */
  vendorMap?: string;
}

export interface SaveBillSplit {
  amount: number;
  glAccountID: number;
  portfolioID: number;
  buildingID?: number;
  comments?: string;
}

/** SaveBill; a SaveCredit (POST /bills/credit) has the same fields less the due date. */
export interface SaveBill {
  vendorID: number;
  billDate: string;
  dueDate?: string;
  refNo: string;
  comments: string;
  billSplits: SaveBillSplit[];
}

/** Propertyware's ids are int64; a configured id that is not a whole number is a configuration error. */
const asId = (value: string | undefined) => (value && /^\d{1,18}$/.test(value) ? Number(value) : undefined);
/** Propertyware's limit on refNo and comments we keep to. */
const REF_NO_MAX = 50;
const COMMENTS_MAX = 500;
/** Propertyware is a US system: it books dollars only. */
export const PROPERTYWARE_CURRENCY = 'USD';

function parsed<T>(json: string | undefined): Record<string, T> {
  if (!json) return {};
  const value: unknown = JSON.parse(json);
  return value && typeof value === 'object' ? (value as Record<string, T>) : {};
}

/** The Propertyware vendor the admin mapped our vendor to, if any (else the vendor is found by name). */
export function mappedVendorId(mapping: PropertywareMapping, vendorId: string | null | undefined) {
  return vendorId ? asId(parsed<string>(mapping.vendorMap)[vendorId]) : undefined;
}

/** The bill's reference number: the invoice number (looked up before creating, so never twice). */
export const refNoOf = (source: PropertywareBillSource) =>
  (source.invoiceNumber?.trim() || `IP-${source.id}`).slice(0, REF_NO_MAX);

/** The splits, or why none can be made (checked before any call: no retry can fix a missing mapping). */
export function billSplits(
  plan: BillPlan,
  mapping: PropertywareMapping,
): SaveBillSplit[] | { error: string } {
  if (plan.currency !== PROPERTYWARE_CURRENCY)
    return {
      error: `The invoice is in ${plan.currency} but Propertyware books ${PROPERTYWARE_CURRENCY} only: correct the invoice's currency`,
    };
  const accounts = parsed<string>(mapping.accountMap);
  const properties = parsed<{ portfolioId?: string; buildingId?: string }>(mapping.propertyMap);
  const splits: SaveBillSplit[] = [];
  for (const line of plan.lines) {
    const glAccountID = asId(
      line.tax
        ? (mapping.taxGlAccountId ?? mapping.defaultGlAccountId)
        : (line.categoryId && accounts[line.categoryId]) || mapping.defaultGlAccountId,
    );
    if (glAccountID === undefined)
      return {
        error: line.tax
          ? 'No Propertyware GL account for tax: set a tax GL account or a default GL account'
          : line.categoryId
            ? `No Propertyware GL account for category ${line.categoryId}: map it or set a default GL account`
            : 'No Propertyware GL account: set a default GL account',
      };
    const place = line.propertyId ? properties[line.propertyId] : undefined;
    const portfolioID = asId(place?.portfolioId ?? mapping.defaultPortfolioId);
    if (portfolioID === undefined)
      return {
        error: line.propertyId
          ? `No Propertyware portfolio for property ${line.propertyId}: map it or set a default portfolio`
          : 'No Propertyware portfolio: set a default portfolio',
      };
    const buildingID = asId(place?.buildingId);
    splits.push({
      amount: fromCents(line.cents),
      glAccountID,
      portfolioID,
      ...(buildingID !== undefined ? { buildingID } : {}),
      ...(line.description ? { comments: line.description.slice(0, COMMENTS_MAX) } : {}),
    });
  }
  return splits;
}

export function billFor(
  source: PropertywareBillSource,
  plan: BillPlan,
  vendorID: number,
  splits: SaveBillSplit[],
  today: string,
): SaveBill {
  const billDate = source.invoiceDate ?? today;
  return {
    vendorID,
    billDate,
    ...(plan.kind === 'bill' ? { dueDate: source.dueDate ?? billDate } : {}),
    refNo: refNoOf(source),
    comments: billMemo(source),
    billSplits: splits,
  };
}

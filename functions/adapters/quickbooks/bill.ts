import { type BillPlan, type BillSource, billMemo, fromCents } from '../../core/billing/bill-plan';

/**
 * How an approved invoice's bill plan (core/billing/bill-plan.ts: the approved total, its tax as its own
 * line, lines that add up to it to the cent) becomes a QuickBooks Online Bill, or a VendorCredit for a
 * credit note (Accounting API v3): one AccountBasedExpenseLineDetail line per planned line, on the expense
 * account its category maps to (the tax line on the tax account, else the default), in the invoice's
 * currency when the company keeps more than one. Pure: the client (client.ts) sends what this builds.
 */

/** The invoice fields the bill's header is made of. */
export type BillHeader = Pick<
  BillSource,
  | 'id'
  | 'invoiceNumber'
  | 'invoiceDate'
  | 'dueDate'
  | 'accountNumber'
  | 'servicePeriodStart'
  | 'servicePeriodEnd'
>;

export interface AccountMapping {
  defaultAccountId?: string;
  /** The account the tax line is booked on; the default account when unset. */
  taxAccountId?: string;
  accountMap: Record<string, string>;
  /** A property's Class, put on each line of that property (optional tracking). */
  classMap?: Record<string, string>;
}

export interface QboBillLine {
  Amount: number;
  Description?: string;
  DetailType: 'AccountBasedExpenseLineDetail';
  AccountBasedExpenseLineDetail: { AccountRef: { value: string }; ClassRef?: { value: string } };
}

/** The body of a Bill or a VendorCredit (the same fields, less the due date for a credit). */
export interface QboBill {
  VendorRef: { value: string };
  Line: QboBillLine[];
  TxnDate?: string;
  DueDate?: string;
  DocNumber?: string;
  PrivateNote: string;
  /** Set only when the company keeps more than one currency (see client.ts). */
  CurrencyRef?: { value: string };
  /** The Location (see tracking.ts). */
  DepartmentRef?: { value: string };
}

/** QuickBooks' limits on Bill.DocNumber and Line.Description. */
const DOC_NUMBER_MAX = 21;
const DESCRIPTION_MAX = 4000;

/** Parses a stored `{ourId: theirId}` map (its JSON, see INTEGRATION_CONFIG_SCHEMAS.QUICKBOOKS). */
export function parseAccountMap(stored: string | undefined): Record<string, string> {
  if (!stored) return {};
  const parsed: unknown = JSON.parse(stored);
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
}

/**
 * The bill's lines, or why none can be made. Checked before any call: a missing account mapping is a
 * configuration error that no retry can fix.
 */
export function billLines(plan: BillPlan, mapping: AccountMapping): QboBillLine[] | { error: string } {
  const lines: QboBillLine[] = [];
  for (const line of plan.lines) {
    const account = line.tax
      ? (mapping.taxAccountId ?? mapping.defaultAccountId)
      : ((line.categoryId ? mapping.accountMap[line.categoryId] : undefined) ?? mapping.defaultAccountId);
    if (!account)
      return {
        error: line.tax
          ? 'No QuickBooks account for tax: set a tax account or a default account'
          : line.categoryId
            ? `No QuickBooks expense account for category ${line.categoryId}: map it or set a default account`
            : 'No QuickBooks expense account: set a default account',
      };
    const classId = line.propertyId ? mapping.classMap?.[line.propertyId] : undefined;
    lines.push({
      Amount: fromCents(line.cents),
      ...(line.description ? { Description: line.description.slice(0, DESCRIPTION_MAX) } : {}),
      DetailType: 'AccountBasedExpenseLineDetail',
      AccountBasedExpenseLineDetail: {
        AccountRef: { value: account },
        ...(classId ? { ClassRef: { value: classId } } : {}),
      },
    });
  }
  return lines;
}

export function billFor(
  header: BillHeader,
  plan: BillPlan,
  vendorId: string,
  lines: QboBillLine[],
  currencyRef: string | null,
): QboBill {
  return {
    VendorRef: { value: vendorId },
    Line: lines,
    ...(header.invoiceDate ? { TxnDate: header.invoiceDate } : {}),
    // A vendor credit has no due date: nothing is owed on it.
    ...(header.dueDate && plan.kind === 'bill' ? { DueDate: header.dueDate } : {}),
    ...(header.invoiceNumber ? { DocNumber: header.invoiceNumber.slice(0, DOC_NUMBER_MAX) } : {}),
    ...(currencyRef ? { CurrencyRef: { value: currencyRef } } : {}),
    PrivateNote: billMemo(header),
  };
}

/** The bill's total as QuickBooks will add it up, in cents (what the pre-send check compares). */
export const qboLinesCents = (lines: readonly QboBillLine[]) =>
  lines.reduce((sum, line) => sum + Math.round(line.Amount * 100), 0);

/**
 * How an approved invoice becomes a QuickBooks Online Bill (Accounting API v3, entity Bill): one
 * AccountBasedExpenseLineDetail line per priced line item, or one line for the total, each on the
 * expense account its category maps to. A split invoice has one line per allocation instead, and a split
 * line item one line per its allocations, each on its allocation's category's account and described with
 * its property. Pure: the client (client.ts) sends what this builds.
 */

/** One share of a split, as the invoice JSON carries it. */
interface BillAllocation {
  propertyName: string | null;
  categoryId: string | null;
  amount: number;
}

/** The invoice fields a bill is made of (a subset of the invoice JSON with its line items). */
export interface BillSource {
  id: string;
  invoiceNumber: string | null;
  invoiceDate: string | null;
  dueDate: string | null;
  vendorName: string | null;
  totalAmount: number | null;
  categoryId: string | null;
  /** The invoice's split; empty or absent when it is not split. */
  allocations?: BillAllocation[];
  lineItems: {
    description: string;
    quantity: number | null;
    unitPrice: number | null;
    totalPrice: number | null;
    categoryId?: string | null;
    allocations?: BillAllocation[];
  }[];
}

export interface AccountMapping {
  defaultAccountId?: string;
  accountMap: Record<string, string>;
}

export interface QboBillLine {
  Amount: number;
  Description?: string;
  DetailType: 'AccountBasedExpenseLineDetail';
  AccountBasedExpenseLineDetail: { AccountRef: { value: string }; ClassRef?: { value: string } };
}

export interface QboBill {
  VendorRef: { value: string };
  Line: QboBillLine[];
  TxnDate?: string;
  DueDate?: string;
  DocNumber?: string;
  PrivateNote: string;
  /** The Location (see tracking.ts). */
  DepartmentRef?: { value: string };
}

/** QuickBooks' limits on Bill.DocNumber and Line.Description. */
const DOC_NUMBER_MAX = 21;
const DESCRIPTION_MAX = 4000;

const cents = (amount: number) => Math.round(amount * 100) / 100;

const lineAmount = (line: BillSource['lineItems'][number]) =>
  line.totalPrice ??
  (line.quantity != null && line.unitPrice != null ? line.quantity * line.unitPrice : null);

/** Parses the stored `accountMap` (its JSON, see INTEGRATION_CONFIG_SCHEMAS.QUICKBOOKS). */
export function parseAccountMap(stored: string | undefined): Record<string, string> {
  if (!stored) return {};
  const parsed: unknown = JSON.parse(stored);
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
}

/**
 * The bill's lines, or why none can be made. Checked before any call: a missing account mapping is
 * a configuration error that no retry can fix.
 */
export function billLines(source: BillSource, mapping: AccountMapping): QboBillLine[] | { error: string } {
  const accountFor = (categoryId: string | null | undefined) =>
    (categoryId ? mapping.accountMap[categoryId] : undefined) ?? mapping.defaultAccountId;
  const priced = source.lineItems
    .map((line) => ({ line, amount: lineAmount(line) }))
    .filter(
      (p): p is { line: BillSource['lineItems'][number]; amount: number } => p.amount != null && p.amount > 0,
    );
  const perAllocation =
    (description: string, categoryId: string | null | undefined) => (a: BillAllocation) => ({
      amount: a.amount,
      description: [description, a.propertyName].filter(Boolean).join(' — '),
      categoryId: a.categoryId ?? categoryId,
    });
  const wanted: { amount: number; description: string; categoryId: string | null | undefined }[] = source
    .allocations?.length
    ? source.allocations.map(perAllocation('', source.categoryId))
    : priced.length
      ? priced.flatMap(({ line, amount }) =>
          line.allocations?.length
            ? line.allocations.map(perAllocation(line.description, line.categoryId ?? source.categoryId))
            : [{ amount, description: line.description, categoryId: line.categoryId ?? source.categoryId }],
        )
      : source.totalAmount != null && source.totalAmount > 0
        ? [{ amount: source.totalAmount, description: '', categoryId: source.categoryId }]
        : [];
  if (wanted.length === 0) return { error: 'The invoice has no amount to bill' };
  const lines: QboBillLine[] = [];
  for (const want of wanted) {
    const account = accountFor(want.categoryId);
    if (!account)
      return {
        error: want.categoryId
          ? `No QuickBooks expense account for category ${want.categoryId}: map it or set a default account`
          : 'No QuickBooks expense account: set a default account',
      };
    lines.push({
      Amount: cents(want.amount),
      ...(want.description ? { Description: want.description.slice(0, DESCRIPTION_MAX) } : {}),
      DetailType: 'AccountBasedExpenseLineDetail',
      AccountBasedExpenseLineDetail: { AccountRef: { value: account } },
    });
  }
  return lines;
}

export function billFor(source: BillSource, vendorId: string, lines: QboBillLine[]): QboBill {
  return {
    VendorRef: { value: vendorId },
    Line: lines,
    ...(source.invoiceDate ? { TxnDate: source.invoiceDate } : {}),
    ...(source.dueDate ? { DueDate: source.dueDate } : {}),
    ...(source.invoiceNumber ? { DocNumber: source.invoiceNumber.slice(0, DOC_NUMBER_MAX) } : {}),
    PrivateNote: `Invoice Pilot invoice ${source.id}`,
  };
}

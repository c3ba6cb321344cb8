import { formatDate, formatMoney } from './format';

/**
 * The fields read from a document, once: every list of fields the code uses is a column of this table,
 * so a field added or renamed here reaches the engine, the reviewer, the accuracy figure and the scorer.
 * - `group`: `invoice` fields are what the engine returns for every document, each with a confidence;
 *   `account` fields are a utility bill's (account, service address and period, amount due).
 * - `corrected`: a reviewer's change to it counts against the AI's accuracy (currency and line items are
 *   judged elsewhere: a currency is a choice of the organization as much as a reading).
 * - `scored`: the corpus labels it (../shared/tools/score-extraction.mjs).
 * - `key`: without it a reading is no use: the overall confidence weighs it most, and the cloud asks
 *   Textract when the local engine is unsure of one.
 * - `billed`: goes into the bill, so a low confidence in it sends the invoice to review.
 */
export const DOCUMENT_FIELDS = {
  vendorName: { kind: 'text', group: 'invoice', corrected: true, scored: true, key: true, billed: true },
  vendorAddress: { kind: 'text', group: 'invoice', corrected: true, scored: true },
  vendorEmail: { kind: 'text', group: 'invoice', corrected: true },
  vendorPhone: { kind: 'text', group: 'invoice', corrected: true },
  invoiceNumber: { kind: 'id', group: 'invoice', corrected: true, scored: true, key: true, billed: true },
  invoiceDate: { kind: 'date', group: 'invoice', corrected: true, scored: true, key: true, billed: true },
  dueDate: { kind: 'date', group: 'invoice', corrected: true, scored: true, billed: true },
  subtotal: { kind: 'money', group: 'invoice', corrected: true, scored: true, billed: true },
  taxAmount: { kind: 'money', group: 'invoice', corrected: true, scored: true, billed: true },
  totalAmount: { kind: 'money', group: 'invoice', corrected: true, scored: true, key: true, billed: true },
  currency: { kind: 'currency', group: 'invoice', scored: true, billed: true },
  lineItems: { kind: 'lines', group: 'invoice' },
  amountDue: { kind: 'money', group: 'account', corrected: true },
  accountNumber: { kind: 'id', group: 'account', corrected: true },
  serviceAddress: { kind: 'text', group: 'account', corrected: true },
  servicePeriodStart: { kind: 'date', group: 'account', corrected: true },
  servicePeriodEnd: { kind: 'date', group: 'account', corrected: true },
} as const;

type Fields = typeof DOCUMENT_FIELDS;
export type DocumentField = keyof Fields;
/** The fields whose entry has `flag: true` (or the given value). */
export type FieldsWith<Flag extends string, Value = true> = {
  [F in DocumentField]: Fields[F] extends Record<Flag, Value> ? F : never;
}[DocumentField];

/** The fields, in the table's order, whose entry has `flag` equal to `value`. */
export function fieldsWith<const Flag extends string, const Value = true>(
  flag: Flag,
  value: Value = true as Value,
): FieldsWith<Flag, Value>[] {
  return (Object.keys(DOCUMENT_FIELDS) as DocumentField[]).filter(
    (field) => (DOCUMENT_FIELDS[field] as Record<string, unknown>)[flag] === value,
  ) as FieldsWith<Flag, Value>[];
}

/** How a sentence names a field: its label in lower case ('total amount'). */
export const fieldWords = (field: DocumentField): string => INVOICE_FIELD_LABELS[field].toLowerCase();

/**
 * Invoice fields people see in History, with their labels as the review screen shows them. Fields not
 * listed here (internal bookkeeping: versions, stages, hashes, review reasons) are not shown as changes.
 */
export const INVOICE_FIELD_LABELS: Record<string, string> = {
  vendorName: 'Vendor Name',
  vendorAddress: 'Vendor Address',
  vendorEmail: 'Vendor Email',
  vendorPhone: 'Vendor Phone',
  invoiceNumber: 'Invoice Number',
  invoiceDate: 'Invoice Date',
  dueDate: 'Due Date',
  subtotal: 'Subtotal',
  taxAmount: 'Tax Amount',
  totalAmount: 'Total Amount',
  amountDue: 'Amount Due',
  accountNumber: 'Account Number',
  serviceAddress: 'Service Address',
  servicePeriodStart: 'Service Period Start',
  servicePeriodEnd: 'Service Period End',
  currency: 'Currency',
  status: 'Status',
  notes: 'Notes',
  categoryName: 'Category',
  rejectionReason: 'Rejection Reason',
  allocations: 'Split',
  lineAllocations: 'Line Item Splits',
  paidOn: 'Paid On',
};

/** A split as History shows it: 'Maple Court $600.00; Oak Terrace $400.00'. */
function splitText(value: unknown, currency: string): string | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  return value
    .map(
      (a: {
        propertyName?: string | null;
        propertyId?: string;
        categoryName?: string | null;
        amount?: number;
      }) =>
        [
          a.propertyName ?? a.propertyId,
          a.categoryName ? `(${a.categoryName})` : null,
          formatMoney(a.amount, currency),
        ]
          .filter(Boolean)
          .join(' '),
    )
    .join('; ');
}

const MONEY_FIELDS = new Set<string>(fieldsWith('kind', 'money'));
const DATE_FIELDS = new Set<string>(fieldsWith('kind', 'date'));

/** A field's value as a person reads it: money in the invoice's currency, dates as 'Jan 5, 2025'; null when empty. */
export function formatFieldValue(field: string, value: unknown, currency: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (MONEY_FIELDS.has(field) && typeof value === 'number') return formatMoney(value, currency);
  if ((DATE_FIELDS.has(field) || field === 'paidOn') && typeof value === 'string') return formatDate(value);
  if (field === 'allocations') return splitText(value, currency);
  if (field === 'lineAllocations' && typeof value === 'object') {
    const lines = Object.entries(value as Record<string, unknown>).filter(([, split]) =>
      splitText(split, currency),
    );
    return lines.length
      ? lines.map(([line, split]) => `${line}: ${splitText(split, currency)}`).join(' | ')
      : null;
  }
  if (field === 'status' && typeof value === 'string')
    return value
      .toLowerCase()
      .split('_')
      .map((w) => w[0].toUpperCase() + w.slice(1))
      .join(' ');
  return String(value);
}

/** The label and the formatted old → new values of one changed field, for an audit event. */
export function invoiceChangeTexts(field: string, before: unknown, after: unknown, currency: string) {
  return {
    label: INVOICE_FIELD_LABELS[field] ?? field,
    beforeText: formatFieldValue(field, before, currency),
    afterText: formatFieldValue(field, after, currency),
  };
}

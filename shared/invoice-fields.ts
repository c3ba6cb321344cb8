import { formatDate, formatMoney } from './format';

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

const MONEY_FIELDS = new Set(['subtotal', 'taxAmount', 'totalAmount', 'amountDue']);
const DATE_FIELDS = new Set(['invoiceDate', 'dueDate', 'servicePeriodStart', 'servicePeriodEnd']);

/** A field's value as a person reads it: money in the invoice's currency, dates as 'Jan 5, 2025'; null when empty. */
export function formatFieldValue(field: string, value: unknown, currency: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (MONEY_FIELDS.has(field) && typeof value === 'number') return formatMoney(value, currency);
  if (DATE_FIELDS.has(field) && typeof value === 'string') return formatDate(value);
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

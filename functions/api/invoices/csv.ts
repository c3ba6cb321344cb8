import type { Invoice } from '../../../shared/schemas';

/** An invoice with the name of its property (invoices keep only the property's id). */
export type CsvInvoice = Invoice & { propertyName: string | null };

const COLUMNS: [string, (invoice: CsvInvoice) => unknown][] = [
  ['Invoice ID', (i) => i.id],
  ['Invoice Number', (i) => i.invoiceNumber],
  ['Vendor', (i) => i.vendorName],
  ['Invoice Date', (i) => i.invoiceDate],
  ['Due Date', (i) => i.dueDate],
  ['Subtotal', (i) => i.subtotal],
  ['Tax', (i) => i.taxAmount],
  ['Total', (i) => i.totalAmount],
  ['Currency', (i) => i.currency],
  ['Property', (i) => i.propertyName],
  ['Category', (i) => i.categoryName],
  ['Status', (i) => i.status],
  ['AI Confidence', (i) => (i.aiConfidence === null ? '' : i.aiConfidence.toFixed(3))],
  ['File', (i) => i.filename],
  ['Uploaded At', (i) => i.createdAt],
];

/**
 * RFC 4180 CSV. Cells that a spreadsheet would run as a formula (=, +, -, @ first) are prefixed with
 * an apostrophe so an exported vendor name can never execute.
 */
export function toCsvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function invoicesCsv(invoices: CsvInvoice[]): string {
  const lines = [COLUMNS.map(([name]) => name).join(',')];
  for (const invoice of invoices) lines.push(COLUMNS.map(([, get]) => toCsvCell(get(invoice))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

import { formatDate, formatMoney, shortId } from '../../../shared/format';
import type { EventInvoice } from '../../../shared/schemas';

/** The app's page for one invoice: the Invoices page opens its review dialog. */
export const invoiceAppUrl = (appOrigin: string, invoiceId: string) =>
  `${appOrigin.replace(/\/+$/, '')}/invoices?invoice=${encodeURIComponent(invoiceId)}`;

/**
 * The e-mail an EMAIL integration sends for an approved invoice: vendor, number, dates, amounts in the
 * invoice's currency, its line items and a link to it in the app (the file goes along as an attachment).
 */
export function invoiceSummaryEmail(
  invoice: EventInvoice,
  appOrigin: string,
): { subject: string; text: string } {
  const money = (amount: number | null) => formatMoney(amount, invoice.currency) || 'N/A';
  const vendor = invoice.vendorName ?? 'Unknown Vendor';
  const number = invoice.invoiceNumber ?? shortId(invoice.id);
  const lines = invoice.lineItems.map((line) => {
    const quantity = line.quantity === null ? '' : `${line.quantity} × ${money(line.unitPrice)} = `;
    return `  - ${line.description}: ${quantity}${money(line.totalPrice)}`;
  });
  const text = [
    `Invoice ${number} from ${vendor} was approved.`,
    '',
    `Vendor:         ${vendor}`,
    `Invoice number: ${number}`,
    `Invoice date:   ${formatDate(invoice.invoiceDate)}`,
    `Due date:       ${formatDate(invoice.dueDate)}`,
    `Subtotal:       ${money(invoice.subtotal)}`,
    `Tax:            ${money(invoice.taxAmount)}`,
    `Total:          ${money(invoice.totalAmount)} (${invoice.currency})`,
    '',
    ...(lines.length ? ['Line items:', ...lines, ''] : []),
    `Open it in Invoice Pilot: ${invoiceAppUrl(appOrigin, invoice.id)}`,
    '',
    `The invoice file (${invoice.filename}) is attached.`,
  ].join('\n');
  return { subject: `Approved invoice ${number} from ${vendor}: ${money(invoice.totalAmount)}`, text };
}

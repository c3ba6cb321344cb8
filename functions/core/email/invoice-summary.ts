import { formatDate, formatMoney, shortId } from '../../../shared/format';
import type { EventInvoice } from '../../../shared/schemas';
import { lineAmount } from '../billing/bill-plan';
import { toCents } from '../invoices/allocations';

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
  // The books get the approved amounts (see planBill); line items read off the page that do not make them
  // up are shown as read, and said so, never passed off as the approved breakdown.
  const lineCents = invoice.lineItems.reduce((sum, line) => sum + toCents(lineAmount(line) ?? 0), 0);
  const netCents = toCents(invoice.totalAmount ?? 0) - toCents(invoice.taxAmount ?? 0);
  const linesDiffer =
    lines.length > 0 &&
    invoice.totalAmount !== null &&
    Math.abs(lineCents - netCents) > invoice.lineItems.length;
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
    ...(linesDiffer
      ? [
          `The line items as read add up to ${money(lineCents / 100)}, not the approved ${money(netCents / 100)} before tax: the approved amounts above are what is booked.`,
          '',
        ]
      : []),
    `Open it in Invoice Pilot: ${invoiceAppUrl(appOrigin, invoice.id)}`,
    '',
    `The invoice file (${invoice.filename}) is attached.`,
  ].join('\n');
  return { subject: `Approved invoice ${number} from ${vendor}: ${money(invoice.totalAmount)}`, text };
}

import { ulid } from 'ulid';
import type { PageLine } from '../extraction/layout';
import type { InvoiceItem } from '../invoices/invoice';
import { ports } from '../ports';
import { type ApprovedInvoiceFact, postcodeOf, withApproval, withoutInvoice } from './history';
import { approvedValuesOf, type LayoutMemory, learnLayout } from './memory';
import { paymentAccountsIn } from './payment-accounts';
import { splitOfApproval } from './usual-split';

/**
 * The lines of the approved invoice's processing run, read once for both lessons below; none when the
 * run's lines are gone (runs expire after 30 days) or were never kept.
 */
export async function approvedRunLines(invoice: InvoiceItem): Promise<PageLine[] | undefined> {
  if (!invoice.processingRunId) return undefined;
  return ports().runLayout(invoice.orgId, invoice.id, invoice.processingRunId);
}

/**
 * The approval hook (POST /api/invoices/{id}/approve, after the PUTs that corrected it): the vendor's
 * memory learns the layout of the invoice's processing run from the values the person approved. An
 * invoice without a vendor, or whose run's lines are gone (runs expire after 30 days) or were never
 * kept, teaches nothing. Learning must never fail the approval: the caller swallows errors. Returns the
 * vendor's layouts after learning, or null when nothing could be learned.
 */
export async function learnLayoutOnApproval(
  invoice: InvoiceItem,
  lines: PageLine[] | undefined,
): Promise<LayoutMemory[] | null> {
  if (!invoice.vendorId || !lines?.length) return null;
  const approved = approvedValuesOf(invoice);
  // What the invoice was read as, to tell the values the person corrected from those they kept.
  const read = invoice.extracted ? approvedValuesOf(invoice.extracted) : undefined;
  const now = new Date().toISOString();
  return ports().updateVendorMemory(invoice.orgId, invoice.vendorId, (layouts) =>
    learnLayout(layouts, lines, approved, { now, newId: ulid, read }),
  );
}

/**
 * The approval hook's second lesson: the vendor's record of approved invoices (core/vendors/history.ts)
 * gains this one, so its next invoice is no longer a first and is weighed against its history. Like the
 * layout, it never fails the approval.
 */
export async function recordApprovedInvoice(
  invoice: InvoiceItem,
  /** The run's lines: the bank accounts the approved document asked to be paid to are read from them. */
  lines: PageLine[] | undefined,
): Promise<void> {
  if (!invoice.vendorId) return;
  const fact: ApprovedInvoiceFact = {
    invoiceId: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    totalAmount: invoice.totalAmount,
    currency: invoice.currency ?? null,
    invoiceDate: invoice.invoiceDate,
    propertyId: invoice.propertyId ?? null,
    accountNumber: invoice.accountNumber ?? null,
    paymentAccounts: paymentAccountsIn(
      invoice.orgId,
      (lines ?? []).map((l) => l.text),
    ),
    postcode: postcodeOf(invoice.vendorAddress),
    dueDate: invoice.dueDate,
    subtotal: invoice.subtotal,
    taxAmount: invoice.taxAmount,
    split: splitOfApproval(invoice.allocations),
    approvedAt: new Date().toISOString(),
  };
  await ports().updateVendorHistory(invoice.orgId, invoice.vendorId, (history) =>
    withApproval(history, fact),
  );
}

/** A reopened or voided invoice is no longer part of what its vendor was approved for. */
export async function forgetApprovedInvoice(invoice: InvoiceItem): Promise<void> {
  if (!invoice.vendorId) return;
  await ports().updateVendorHistory(invoice.orgId, invoice.vendorId, (history) =>
    withoutInvoice(history, invoice.id),
  );
}

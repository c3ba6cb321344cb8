import { ulid } from 'ulid';
import type { InvoiceItem } from '../invoices/invoice';
import { ports } from '../ports';
import { approvedValuesOf, type LayoutMemory, learnLayout } from './memory';

/**
 * The approval hook (POST /api/invoices/{id}/approve, after the PUTs that corrected it): the vendor's
 * memory learns the layout of the invoice's processing run from the values the person approved. An
 * invoice without a vendor, or whose run's lines are gone (runs expire after 30 days) or were never
 * kept, teaches nothing. Learning must never fail the approval: the caller swallows errors. Returns the
 * vendor's layouts after learning, or null when nothing could be learned.
 */
export async function learnLayoutOnApproval(invoice: InvoiceItem): Promise<LayoutMemory[] | null> {
  if (!invoice.vendorId || !invoice.processingRunId) return null;
  const lines = await ports().runLayout(invoice.orgId, invoice.id, invoice.processingRunId);
  if (!lines?.length) return null;
  const approved = approvedValuesOf(invoice);
  const now = new Date().toISOString();
  return ports().updateVendorMemory(invoice.orgId, invoice.vendorId, (layouts) =>
    learnLayout(layouts, lines, approved, { now, newId: ulid }),
  );
}

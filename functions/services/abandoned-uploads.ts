import { deleteInvoice, findInvoice } from '../adapters/dynamodb/invoices';
import { deletePendingUpload, listPendingUploads } from '../adapters/dynamodb/pending-uploads';
import { objectExists } from '../adapters/s3/storage';
import { isAbandonedUpload } from '../core/invoices/abandoned-upload';
import type { InvoiceItem } from '../core/invoices/invoice';

/**
 * Settles an invoice a crash left without its file (see {@link isAbandonedUpload}): it is deleted and
 * its month's count given back, in one transaction. Answers whether it was.
 */
export async function settleAbandonedUpload(invoice: InvoiceItem, inFlightSince: Date): Promise<boolean> {
  // The facts on the item rule most invoices out before storage is asked.
  if (!isAbandonedUpload(invoice, false, inFlightSince)) return false;
  if (!isAbandonedUpload(invoice, await objectExists(invoice.objectKey), inFlightSince)) return false;
  try {
    await deleteInvoice(invoice, { releaseUsage: true });
  } catch (error) {
    // Changed meanwhile (a person edited or deleted it): no longer an untouched phantom.
    if ((error as { code?: string }).code === 'stale_version') return false;
    throw error;
  }
  return true;
}

/**
 * Goes through the API uploads still marked pending that began before `inFlightSince`: each one either
 * has its file by now (the marker was left by a crash after storing) or is settled. Every marker read
 * is removed, as its upload can no longer change. Returns how many invoices were settled.
 */
export async function sweepAbandonedUploads(
  inFlightSince: Date,
): Promise<{ settled: number; checked: number }> {
  const pending = await listPendingUploads(inFlightSince);
  let settled = 0;
  for (const upload of pending) {
    const invoice = await findInvoice(upload.orgId, upload.invoiceId);
    if (invoice && (await settleAbandonedUpload(invoice, inFlightSince))) settled++;
    await deletePendingUpload(upload);
  }
  return { settled, checked: pending.length };
}

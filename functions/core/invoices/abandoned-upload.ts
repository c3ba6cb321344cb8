import type { InvoiceStatus } from '../../../shared/schemas';
import { ports } from '../ports';
import type { InvoiceItem } from './invoice';

/**
 * How long after its invoice was created an API upload's file may still be on its way. The API stores
 * the file right after creating the invoice, within one request (API Gateway ends a request after 29 s),
 * so an upload older than this whose file is missing will never get it.
 */
export const UPLOAD_GRACE_MS = 15 * 60_000;

export interface UploadFacts {
  status: InvoiceStatus;
  createdAt: string;
  /** Set by the workflow when a run claims the invoice: a claimed invoice had its file. */
  processingExecutionId?: string | null;
  /** Set when a run decides: a decided invoice had its file. */
  pageCount: number | null;
}

/**
 * Whether an invoice is what a crash during an API upload leaves behind: created (and counted against
 * the month) but its file never stored. The API removes the invoice itself when storing fails; a killed
 * server could not, so this finishes that rollback: the invoice is deleted and the month's count given
 * back, as if the upload had never been made (its client saw the request fail). Nothing is deleted that
 * a run ever read, nor an upload that may still be in flight (created at or after `inFlightSince`).
 *
 * @param objectExists whether the invoice's file is in storage now
 * @param inFlightSince uploads created at or after this instant may still be storing their file: the
 *   start of this server after a restart (the killed one stored nothing more), or now minus
 *   {@link UPLOAD_GRACE_MS} for a sweep while servers run
 */
export function isAbandonedUpload(invoice: UploadFacts, objectExists: boolean, inFlightSince: Date): boolean {
  return (
    invoice.status === 'UPLOADED' &&
    !objectExists &&
    !invoice.processingExecutionId &&
    invoice.pageCount === null &&
    Date.parse(invoice.createdAt) < inFlightSince.getTime()
  );
}

/**
 * Settles an invoice a crash left without its file (see {@link isAbandonedUpload}): it is deleted and
 * its month's count given back, in one transaction. Answers whether it was.
 */
export async function settleAbandonedUpload(invoice: InvoiceItem, inFlightSince: Date): Promise<boolean> {
  // The facts on the item rule most invoices out before storage is asked.
  if (!isAbandonedUpload(invoice, false, inFlightSince)) return false;
  if (!isAbandonedUpload(invoice, await ports().objectExists(invoice.objectKey), inFlightSince)) return false;
  try {
    await ports().deleteInvoice(invoice, { releaseUsage: true });
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
  const pending = await ports().listPendingUploads(inFlightSince);
  let settled = 0;
  for (const upload of pending) {
    const invoice = await ports().findInvoice(upload.orgId, upload.invoiceId);
    if (invoice && (await settleAbandonedUpload(invoice, inFlightSince))) settled++;
    await ports().deletePendingUpload(upload);
  }
  return { settled, checked: pending.length };
}

import type { InvoiceStatus } from '../../../shared/schemas';

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

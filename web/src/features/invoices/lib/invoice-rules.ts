/** Display rules for invoices (spec sections 2, 3, 4 and 9). */
import { formatMoney, shortId } from '../../../../../shared/format';
import type { Invoice, InvoiceStatus } from '../../../../../shared/schemas/invoice';
import type { BadgeTone } from '../../../components/ui/badge';

export const STATUS_LABELS: Record<InvoiceStatus, string> = {
  UPLOADED: 'Uploaded',
  PROCESSING: 'Processing',
  PROCESSED: 'Processed',
  REVIEW_REQUIRED: 'Review Required',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

/** Statuses the server may send, including the legacy REQUIRES_REVIEW. */
export type AnyStatus = InvoiceStatus | 'REQUIRES_REVIEW' | (string & {});

/** Unknown values are treated as UPLOADED; REQUIRES_REVIEW as REVIEW_REQUIRED. */
export function normalizeStatus(status: AnyStatus | null | undefined): InvoiceStatus {
  if (status === 'REQUIRES_REVIEW') return 'REVIEW_REQUIRED';
  return status && status in STATUS_LABELS ? (status as InvoiceStatus) : 'UPLOADED';
}

/** Green for processed/approved, blue for processing/uploaded, red for review, grey otherwise. */
export function statusTone(status: AnyStatus | null | undefined): BadgeTone {
  if (status === 'REQUIRES_REVIEW' || status === 'REVIEW_REQUIRED') return 'red';
  if (status === 'PROCESSED' || status === 'APPROVED') return 'green';
  if (status === 'PROCESSING' || status === 'UPLOADED') return 'blue';
  if (status && status in STATUS_LABELS) return 'gray';
  return 'blue';
}

export function statusLabel(status: AnyStatus | null | undefined): string {
  return STATUS_LABELS[normalizeStatus(status)];
}

/** The invoice number, or the last 8 characters of the id. */
export function invoiceDisplayNumber(invoice: Pick<Invoice, 'id' | 'invoiceNumber'>): string {
  return invoice.invoiceNumber || shortId(invoice.id);
}

export function vendorDisplay(invoice: Pick<Invoice, 'vendorName'>): string {
  return invoice.vendorName || 'Unknown Vendor';
}

/** `$1,234.50`, or 'Processing...' while the amount is not known yet. */
export function amountDisplay(invoice: Pick<Invoice, 'totalAmount' | 'currency'>): string {
  return invoice.totalAmount === null || invoice.totalAmount === undefined
    ? 'Processing...'
    : formatMoney(invoice.totalAmount, invoice.currency ?? 'USD');
}

export function fileNameOf(invoice: Pick<Invoice, 'filename' | 'fileName'>): string {
  return invoice.filename || invoice.fileName || 'invoice';
}

/** Recent Activity text per status. */
export function activityText(invoice: Pick<Invoice, 'id' | 'status' | 'filename' | 'fileName'>): string {
  const last8 = shortId(invoice.id);
  switch (invoice.status as AnyStatus) {
    case 'PROCESSED':
      return `Invoice #${last8} processed successfully`;
    case 'PROCESSING':
      return `AI extracting data from ${fileNameOf(invoice)}`;
    case 'REVIEW_REQUIRED':
    case 'REQUIRES_REVIEW':
      return 'Invoice requires manual review';
    case 'APPROVED':
      return `Invoice #${last8} approved and synced`;
    default:
      return `Invoice uploaded: ${fileNameOf(invoice)}`;
  }
}

export function needsReview(invoice: Pick<Invoice, 'status' | 'reviewStatus'>): boolean {
  return (
    (invoice.status as AnyStatus) === 'REVIEW_REQUIRED' ||
    (invoice.status as AnyStatus) === 'REQUIRES_REVIEW' ||
    invoice.reviewStatus === 'REQUIRES_REVIEW'
  );
}

/**
 * Approve/Reject are offered for invoices in review; the dashboard dialog also offers them while
 * PROCESSING (to act on a stuck invoice).
 */
export function canDecide(
  invoice: Pick<Invoice, 'status' | 'reviewStatus'>,
  allowProcessing: boolean,
): boolean {
  return needsReview(invoice) || (allowProcessing && invoice.status === 'PROCESSING');
}

export const STAGE_LABELS: Record<string, string> = {
  QUEUED: 'Queued for processing',
  INSPECTING: 'Inspecting file',
  EXTRACTING: 'Extracting text (OCR)',
  NORMALIZING: 'Reading invoice fields',
  CLASSIFYING: 'Categorizing expense',
  VALIDATING: 'Validating amounts',
  DECIDING: 'Finishing up',
  DONE: 'Done',
  FAILED: 'Failed',
};

export function stageLabel(stage: string | null | undefined): string {
  return (stage && STAGE_LABELS[stage]) || 'Processing';
}

/** Days within which an undecided invoice counts as due soon. */
export const DUE_SOON_DAYS = 7;

/** Today's date (YYYY-MM-DD) where the reviewer is. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whole days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * How pressing an invoice still waiting for a decision is: past its due date, or due within
 * DUE_SOON_DAYS. Decided invoices and those without a due date are not pressing (null).
 */
export function dueUrgency(
  invoice: Pick<Invoice, 'dueDate' | 'status'>,
  today = localToday(),
): { tone: BadgeTone; label: string; days: number } | null {
  if (!invoice.dueDate || invoice.status === 'APPROVED' || invoice.status === 'REJECTED') return null;
  const days = daysBetween(today, invoice.dueDate);
  if (Number.isNaN(days) || days > DUE_SOON_DAYS) return null;
  if (days < 0) return { tone: 'red', days, label: `Overdue by ${-days} ${-days === 1 ? 'day' : 'days'}` };
  const label = days === 0 ? 'Due today' : days === 1 ? 'Due tomorrow' : `Due in ${days} days`;
  return { tone: 'amber', days, label };
}

/** Earliest due date first; invoices without one keep their order after those with one. */
export function byDueDate<T extends Pick<Invoice, 'dueDate'>>(invoices: T[]): T[] {
  return [...invoices].sort((a, b) => {
    if (a.dueDate && b.dueDate) return a.dueDate.localeCompare(b.dueDate);
    return a.dueDate ? -1 : b.dueDate ? 1 : 0;
  });
}

/** An invoice still moving through the pipeline (poll it). */
export function isInFlight(status: AnyStatus | null | undefined): boolean {
  return status === 'UPLOADED' || status === 'PROCESSING';
}

const FIELD_LABELS: Record<string, string> = {
  vendorName: 'Vendor',
  vendorEmail: 'Vendor email',
  vendorPhone: 'Vendor phone',
  vendorAddress: 'Vendor address',
  invoiceNumber: 'Invoice number',
  invoiceDate: 'Invoice date',
  dueDate: 'Due date',
  subtotal: 'Subtotal',
  taxAmount: 'Tax',
  totalAmount: 'Total',
  propertyId: 'Property',
  categoryId: 'Category',
  notes: 'Notes',
  status: 'Status',
  categoryName: 'Category',
  aiConfidence: 'AI confidence',
  currency: 'Currency',
  vendorId: 'Vendor record',
  pageCount: 'Pages',
  processingStage: 'Stage',
  rejectionReason: 'Rejection reason',
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/** Confidence tone: green ≥ 0.9, amber ≥ 0.7, red below. */
export function confidenceTone(value: number | null | undefined): BadgeTone {
  if (value === null || value === undefined) return 'gray';
  if (value >= 0.9) return 'green';
  if (value >= 0.7) return 'amber';
  return 'red';
}

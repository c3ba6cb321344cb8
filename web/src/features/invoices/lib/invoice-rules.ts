/** Display rules for invoices (spec sections 2, 3, 4 and 9). */
import { formatMoney, shortId } from '@shared/format';
import type { DocumentField } from '@shared/invoice-fields';
import type { Role } from '@shared/schemas/entities';
import type { Invoice, InvoiceStatus } from '@shared/schemas/invoice';
import type { BadgeTone } from '@/components/ui/badge';

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

/**
 * `$1,234.50`, 'Processing...' while the amount is not known yet, or 'Not read' for a file that could not
 * be read: it never will be known (and counts in no total) unless the file is reprocessed.
 */
export function amountDisplay(
  invoice: Pick<Invoice, 'totalAmount' | 'currency'> & Partial<Pick<Invoice, 'readFailure'>>,
): string {
  if (invoice.readFailure) return 'Not read';
  return invoice.totalAmount === null || invoice.totalAmount === undefined
    ? 'Processing...'
    : formatMoney(invoice.totalAmount, invoice.currency ?? 'USD');
}

/** A negative total: a credit note, money owed to the organization rather than a bill to pay. */
export function isCredit(invoice: Pick<Invoice, 'totalAmount'>): boolean {
  return invoice.totalAmount !== null && invoice.totalAmount !== undefined && invoice.totalAmount < 0;
}

export function fileNameOf(invoice: Pick<Invoice, 'filename' | 'fileName'>): string {
  return invoice.filename || invoice.fileName || 'invoice';
}

/** Recent Activity text per status. */
export function activityText(
  invoice: Pick<Invoice, 'id' | 'status' | 'filename' | 'fileName'> & Partial<Pick<Invoice, 'syncResults'>>,
): string {
  const last8 = shortId(invoice.id);
  switch (invoice.status as AnyStatus) {
    case 'PROCESSED':
      return `Invoice #${last8} processed successfully`;
    case 'PROCESSING':
      return `AI extracting data from ${fileNameOf(invoice)}`;
    case 'REVIEW_REQUIRED':
    case 'REQUIRES_REVIEW':
      return 'Invoice requires manual review';
    case 'APPROVED': {
      // "Synced" only once every integration has the bill: a failed or pending sync is said as such.
      const results = invoice.syncResults ?? [];
      if (results.some((r) => r.status === 'FAILED')) return `Invoice #${last8} approved; sync failed`;
      if (results.some((r) => r.status !== 'SYNCED')) return `Invoice #${last8} approved, syncing...`;
      return `Invoice #${last8} approved and synced`;
    }
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

/** PROCESSED means the AI found nothing to question: the invoice is ready to approve. */
export function readyToApprove(invoice: Pick<Invoice, 'status' | 'reviewStatus'>): boolean {
  return invoice.status === 'PROCESSED' && invoice.reviewStatus !== 'REQUIRES_REVIEW';
}

/**
 * Approve/Reject are offered for every invoice waiting for a decision (PROCESSED, ready to approve,
 * and those in review); the dashboard dialog also offers them while PROCESSING (to act on a stuck
 * invoice). Never for a file that could not be read: there is nothing to approve.
 */
export function canDecide(
  invoice: Pick<Invoice, 'status' | 'reviewStatus'> & Partial<Pick<Invoice, 'readFailure'>>,
  allowProcessing: boolean,
): boolean {
  if (couldNotRead(invoice)) return false;
  return (
    needsReview(invoice) || readyToApprove(invoice) || (allowProcessing && invoice.status === 'PROCESSING')
  );
}

/** A file that is not a readable invoice (the server says why in `readFailure`), still undecided. */
export function couldNotRead(invoice: Partial<Pick<Invoice, 'readFailure' | 'status'>>): boolean {
  return Boolean(invoice.readFailure) && invoice.status !== 'APPROVED' && invoice.status !== 'REJECTED';
}

/** Rejected from the review actions: whatever can be decided, and a file that could not be read. */
export function canReject(
  invoice: Pick<Invoice, 'status' | 'reviewStatus'> & Partial<Pick<Invoice, 'readFailure'>>,
  allowProcessing: boolean,
): boolean {
  return canDecide(invoice, allowProcessing) || couldNotRead(invoice);
}

/** Fields are corrected while the invoice waits for a decision (or was rejected); an approved one is reopened first. */
export function canEdit(invoice: Pick<Invoice, 'status'> & Partial<Pick<Invoice, 'readFailure'>>): boolean {
  return (
    !couldNotRead(invoice) &&
    ['UPLOADED', 'PROCESSED', 'REVIEW_REQUIRED', 'REJECTED'].includes(invoice.status)
  );
}

/** What a person may do to invoices by their role; unknown (not loaded) leaves it to the server. */
export interface InvoiceRights {
  /** Upload, edit, code, comment, reprocess, delete. */
  edit: boolean;
  /** Approve, reject, reopen, void. */
  approve: boolean;
}

export function invoiceRightsOf(role: Role | null | undefined): InvoiceRights {
  if (!role) return { edit: true, approve: true };
  return { edit: role !== 'VIEWER', approve: role === 'ADMIN' || role === 'APPROVER' };
}

/** Shown for an invoice in review whose server sent no reason: every review says why. */
export const FALLBACK_REVIEW_REASON = 'The AI was not confident enough to approve it on its own.';

/** The reasons an invoice in review shows: the server's, else one general reason. */
export function reviewReasonsOf(
  invoice: Pick<Invoice, 'reviewReasons' | 'status' | 'reviewStatus'>,
): string[] {
  if (!needsReview(invoice)) return invoice.reviewReasons;
  return invoice.reviewReasons.length ? invoice.reviewReasons : [FALLBACK_REVIEW_REASON];
}

/**
 * The extracted fields in reading order (the dialog's order, a layout of shared/invoice-fields.ts);
 * `category` has no box on the page.
 */
export const REVIEW_FIELDS = [
  'vendorName',
  'invoiceNumber',
  'invoiceDate',
  'dueDate',
  'subtotal',
  'taxAmount',
  'totalAmount',
  'category',
  'vendorEmail',
  'vendorPhone',
  'vendorAddress',
] as const satisfies readonly (DocumentField | 'category')[];
export type ReviewField = (typeof REVIEW_FIELDS)[number];

/** Below this confidence a field is shown red and needs a person's look. */
export const LOW_FIELD_CONFIDENCE = 0.7;

/** Words a review reason uses for a field ('Low confidence in the total amount', 'the subtotal is'). */
const REASON_WORDS: Record<ReviewField, RegExp> = {
  vendorName: /vendor name/i,
  invoiceNumber: /invoice number|duplicate/i,
  invoiceDate: /invoice date/i,
  dueDate: /due date/i,
  subtotal: /subtotal|line items/i,
  taxAmount: /\btax\b/i,
  totalAmount: /\btotal\b/i,
  category: /categor/i,
  vendorEmail: /e-?mail/i,
  vendorPhone: /phone/i,
  vendorAddress: /address/i,
};

const REQUIRED: readonly ReviewField[] = ['vendorName', 'invoiceDate', 'totalAmount'];

/**
 * The first field, in reading order, a reviewer should look at: a required field that is empty, a
 * field read with low confidence, or one a review reason names; null when none does.
 */
export function firstAttentionField(
  invoice: Pick<
    Invoice,
    | 'vendorName'
    | 'invoiceDate'
    | 'totalAmount'
    | 'fieldConfidence'
    | 'reviewReasons'
    | 'categoryId'
    | 'status'
    | 'reviewStatus'
  >,
): ReviewField | null {
  const confidence = invoice.fieldConfidence ?? {};
  const reasons = needsReview(invoice) ? invoice.reviewReasons : [];
  for (const field of REVIEW_FIELDS) {
    if (REQUIRED.includes(field) && (invoice as Record<string, unknown>)[field] == null) return field;
    const c = field === 'category' ? (confidence.category ?? confidence.categoryId) : confidence[field];
    if (c !== undefined && c < LOW_FIELD_CONFIDENCE) return field;
  }
  for (const field of REVIEW_FIELDS) if (reasons.some((r) => REASON_WORDS[field].test(r))) return field;
  return null;
}

/** The edit form's input for a field (the category is chosen by its id). */
export function editInputName(field: ReviewField): string {
  return field === 'category' ? 'categoryId' : field;
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

/** The invoice a suspected duplicate looks like, as the confirmation names it. */
export interface DuplicateRef {
  id: string;
  /** 'invoice #INV-1' */
  label: string;
  /** Why it looks like it: 'the same file', 'the same vendor and invoice number'... */
  why: string;
}

const DUPLICATE_WHY: Record<NonNullable<Invoice['duplicateOf']>['match'], string> = {
  identical_file: 'the very same file was uploaded before',
  same_number: 'it has the same vendor and invoice number',
  same_amount_date: 'it has the same vendor, total and date',
};

/** The other invoice this one may duplicate, when the server flagged it. */
export function duplicateOf(invoice: Pick<Invoice, 'duplicateOf'>): DuplicateRef | null {
  const other = invoice.duplicateOf;
  if (!other) return null;
  return {
    id: other.id,
    label: `invoice #${other.invoiceNumber || shortId(other.id)}`,
    why: DUPLICATE_WHY[other.match] ?? 'it looks the same',
  };
}

/** Who corrected a field by hand (its 'Edited by' badge replaces the AI's confidence), or null. */
export function fieldEditor(invoice: Pick<Invoice, 'fieldEdits'>, field: string): string | null {
  const edit = invoice.fieldEdits?.[field === 'category' ? 'categoryId' : field];
  if (!edit) return null;
  return edit.name || 'a teammate';
}

/** How many approvals an invoice still waits for after an approval (0 once it is APPROVED). */
export function approvalsWaiting(invoice: Pick<Invoice, 'status' | 'approvalSteps'> | undefined): number {
  const steps = invoice?.approvalSteps;
  if (!steps || invoice.status === 'APPROVED') return 0;
  return Math.max(0, steps.required - steps.approvals.length);
}

/** The toast after an approval that others must still follow. */
export const approvalRecordedText = (waiting: number) =>
  `Approval recorded. Waiting for ${waiting} more approval${waiting === 1 ? '' : 's'}.`;

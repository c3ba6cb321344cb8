import { ulid } from 'ulid';
import {
  type Allocation,
  type ApprovalSteps,
  DEFAULT_CURRENCY,
  type DuplicateOf,
  type FieldEdit,
  type FieldLocation,
  type Invoice,
  type InvoiceSource,
  type InvoiceStatus,
  type LineItem,
  processingStatusOf,
  type VendorMatch,
} from '../../../shared/schemas';
import type { UploadReservation } from '../invoices/upload-records';
import type { InvoiceFacts } from './aggregates';
import { spendShares, toCents } from './allocations';
import { correctedFields, type ExtractedValues, extractedFields } from './fields';
import { dueDayOf } from './report-aggregates';

/**
 * The invoice entity: what is stored per invoice, the new invoice an upload creates, and the views of
 * it the API and the aggregates take. The use-cases in this folder decide what changes; the adapters
 * (adapters/dynamodb/invoices.ts and its siblings) store it.
 */

export interface SyncResult {
  integrationId: string;
  integrationName: string;
  type: string;
  status: 'PENDING' | 'SYNCED' | 'FAILED' | 'RETRYING' | 'REVERSED';
  remoteId?: string | null;
  remoteKind?: 'bill' | 'credit' | null;
  attempts: number;
  lastError?: string | null;
  nextAttemptAt?: string | null;
  approvedAt?: string | null;
  updatedAt: string;
}

/** Where an invoice split from a batch file came from: the upload's name and key, and its pages in it. */
export interface BatchOrigin {
  filename: string;
  objectKey: string;
  firstPage: number;
  lastPage: number;
  /** 1-based position among the file's documents, and how many it holds. */
  index: number;
  documents: number;
}

/** An invoice as stored. `extracted` keeps what the AI found, so corrections can be counted. */
export interface InvoiceItem {
  id: string;
  orgId: string;
  objectKey: string;
  filename: string;
  contentType: string;
  fileSize: number;
  pageCount: number | null;
  invoiceNumber: string | null;
  vendorId: string | null;
  vendorName: string | null;
  vendorAddress: string | null;
  vendorEmail: string | null;
  vendorPhone: string | null;
  invoiceDate: string | null;
  dueDate: string | null;
  subtotal: number | null;
  taxAmount: number | null;
  totalAmount: number | null;
  /** A utility bill's account fields (absent on invoices processed before they were read). */
  amountDue?: number | null;
  accountNumber?: string | null;
  serviceAddress?: string | null;
  servicePeriodStart?: string | null;
  servicePeriodEnd?: string | null;
  /** How processing found the vendor and the property, for the reviewer. */
  matchNotes?: string[];
  currency: string | null;
  status: InvoiceStatus;
  processingStage: string | null;
  /** Identifies the current processing run; a stale run's late result is ignored. */
  processingRunId: string | null;
  /**
   * The workflow execution that claimed the current run. Step Functions' "execution failed" event names
   * the execution but not the run, so the MarkFailed backstop finds the run through this.
   */
  processingExecutionId?: string | null;
  reviewReasons: string[];
  rejectionReason: string | null;
  aiConfidence: number | null;
  fieldConfidence: Record<string, number>;
  /** Absent on invoices processed before locations were kept. */
  fieldLocations?: Record<string, FieldLocation>;
  notes: string | null;
  propertyId: string | null;
  categoryId: string | null;
  categoryName: string | null;
  /** Split coding (absent on invoices never split); see core/invoices/allocations. */
  allocations?: Allocation[];
  /** Line items' splits by line item id. */
  lineAllocations?: Record<string, Allocation[]>;
  syncResults: SyncResult[];
  uploadedBy: string | null;
  /** Absent on invoices uploaded before e-mail ingestion existed: those were uploads. */
  source?: InvoiceSource;
  emailFrom?: string | null;
  emailSubject?: string | null;
  /** The uploader's display name when the invoice was created. */
  uploadedByName?: string | null;
  extracted: ExtractedValues | null;
  correctedFields: string[];
  /** Why the file could not be read (then it is REVIEW_REQUIRED and cannot be approved). */
  readFailure?: string | null;
  duplicateOf?: DuplicateOf | null;
  /** sha256 of the file's bytes (hex), set by processing: byte-identical re-uploads are found by it. */
  contentHash?: string | null;
  vendorMatch?: VendorMatch | null;
  fieldEdits?: Record<string, FieldEdit>;
  /** Approved by the organization's auto-approval rule rather than by a person. */
  autoApproved?: boolean;
  /** Set when the invoice became ready for approval (core/approvals/routing.ts). */
  approvalSteps?: ApprovalSteps | null;
  /** Set on the invoices of a batch file split into its documents (core/invoices/batch-split.ts). */
  batch?: BatchOrigin | null;
  /** The day it was paid (core/invoices/payment.ts); absent on invoices written before paid marks. */
  paidOn?: string | null;
  /**
   * 2 once the invoice is counted in the aggregates per currency, 3 once also per property, 4 once its
   * money counts only when approved or ready, 5 once also in the AP reports' buckets (see
   * core/invoices/aggregates); absent on invoices last written before, whose contribution is taken out
   * the old way.
   */
  aggregates?: 2 | 3 | 4 | 5;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * The invoice as the API answers it. An invoice stored without a currency (written before invoices
 * kept one) is in the organization's default currency, which the caller passes when it knows it.
 */
export function toInvoice(item: InvoiceItem, defaultCurrency = DEFAULT_CURRENCY): Invoice {
  return {
    id: item.id,
    organizationId: item.orgId,
    invoiceNumber: item.invoiceNumber,
    filename: item.filename,
    fileName: item.filename,
    contentType: item.contentType,
    fileSize: item.fileSize,
    pageCount: item.pageCount,
    vendorId: item.vendorId,
    vendorName: item.vendorName,
    vendorAddress: item.vendorAddress,
    vendorEmail: item.vendorEmail,
    vendorPhone: item.vendorPhone,
    invoiceDate: item.invoiceDate,
    dueDate: item.dueDate,
    subtotal: item.subtotal,
    taxAmount: item.taxAmount,
    totalAmount: item.totalAmount,
    amountDue: item.amountDue ?? null,
    accountNumber: item.accountNumber ?? null,
    serviceAddress: item.serviceAddress ?? null,
    servicePeriodStart: item.servicePeriodStart ?? null,
    servicePeriodEnd: item.servicePeriodEnd ?? null,
    matchNotes: item.matchNotes ?? [],
    currency: item.currency ?? defaultCurrency,
    status: item.status,
    reviewStatus: item.status === 'REVIEW_REQUIRED' ? 'REQUIRES_REVIEW' : null,
    processingStatus: processingStatusOf(item.status),
    processingStage: (item.processingStage ?? null) as Invoice['processingStage'],
    reviewReasons: item.reviewReasons ?? [],
    readFailure: item.readFailure ?? null,
    duplicateOf: item.duplicateOf ?? null,
    batch: item.batch
      ? {
          filename: item.batch.filename,
          firstPage: item.batch.firstPage,
          lastPage: item.batch.lastPage,
          documents: item.batch.documents,
        }
      : null,
    autoApproved: item.autoApproved ?? false,
    rejectionReason: item.rejectionReason ?? null,
    aiConfidence: item.aiConfidence,
    fieldConfidence: item.fieldConfidence ?? {},
    fieldLocations: item.fieldLocations ?? {},
    fieldEdits: item.fieldEdits ?? {},
    vendorMatch: item.vendorMatch ?? null,
    notes: item.notes,
    propertyId: item.propertyId,
    categoryId: item.categoryId,
    categoryName: item.categoryName,
    allocations: item.allocations ?? [],
    lineAllocations: item.lineAllocations ?? {},
    syncResults: (item.syncResults ?? []).map((r) => ({
      ...r,
      remoteId: r.remoteId ?? null,
      remoteKind: r.remoteKind ?? null,
      nextAttemptAt: r.nextAttemptAt ?? null,
      approvedAt: r.approvedAt ?? null,
    })),
    uploadedBy: item.uploadedBy,
    source: item.source ?? 'upload',
    emailFrom: item.emailFrom ?? null,
    emailSubject: item.emailSubject ?? null,
    uploadedByName: item.uploadedByName ?? null,
    approvalSteps: item.approvalSteps ?? null,
    paidOn: item.paidOn ?? null,
    version: item.version,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** The aggregate scheme every invoice write counts by (see `aggregates` above). */
export const AGGREGATES_SCHEME = 5;

export function factsOf(item: InvoiceItem): InvoiceFacts {
  const extracted = item.extracted ?? {};
  return {
    status: item.status,
    totalAmount: item.totalAmount,
    createdAt: item.createdAt,
    vendorId: item.vendorId,
    vendorName: item.vendorName,
    categoryId: item.categoryId,
    currency: item.currency ?? null,
    reviewed: (item.status === 'APPROVED' || item.status === 'REJECTED') && !item.autoApproved,
    extractedFields: extractedFields(extracted),
    correctedFields: correctedFields(extracted, item as unknown as ExtractedValues),
    legacy: item.aggregates === undefined,
    countsProperties: item.aggregates !== undefined && item.aggregates >= 3,
    readyOnly: item.aggregates !== undefined && item.aggregates >= 4,
    reports:
      item.aggregates !== undefined && item.aggregates >= 5
        ? {
            dueOn: dueDayOf(item),
            billedMonth: (item.invoiceDate ?? item.createdAt).slice(0, 7),
            paidOn: item.paidOn ?? null,
            accountNumber: item.accountNumber ?? null,
          }
        : undefined,
    readFailure: Boolean(item.readFailure),
    shares: spendShares({
      totalCents: toCents(item.totalAmount ?? 0),
      propertyId: item.propertyId,
      categoryId: item.categoryId,
      allocations: item.allocations,
      lineAllocations: item.lineAllocations,
    }),
  };
}

/** Where an uploaded file came from when it was not sent by a person or an API client: an e-mail. */
export interface EmailOrigin {
  source: 'email';
  emailFrom: string;
  emailSubject: string | null;
}

/** A new invoice as stored on upload: everything the AI will fill in is empty. */
export function newInvoiceItem(
  input: Omit<UploadReservation, 'createdAt' | 'uploadedBy'> & {
    uploadedBy: string | null;
    createdAt?: string;
    origin?: EmailOrigin;
    currency?: string;
  },
): InvoiceItem {
  const now = input.createdAt ?? new Date().toISOString();
  return {
    id: input.invoiceId,
    orgId: input.orgId,
    objectKey: input.objectKey,
    filename: input.filename,
    contentType: input.contentType,
    fileSize: input.size,
    pageCount: null,
    invoiceNumber: null,
    vendorId: null,
    vendorName: null,
    vendorAddress: null,
    vendorEmail: null,
    vendorPhone: null,
    invoiceDate: null,
    dueDate: null,
    subtotal: null,
    taxAmount: null,
    totalAmount: null,
    // The organization's default until processing reads the invoice's own (or its vendor's).
    currency: input.currency ?? DEFAULT_CURRENCY,
    status: 'UPLOADED',
    processingStage: 'QUEUED',
    processingRunId: ulid(),
    reviewReasons: [],
    rejectionReason: null,
    aiConfidence: null,
    fieldConfidence: {},
    fieldLocations: {},
    notes: null,
    propertyId: null,
    categoryId: null,
    categoryName: null,
    syncResults: [],
    uploadedBy: input.uploadedBy,
    source: input.origin?.source ?? 'upload',
    emailFrom: input.origin?.emailFrom ?? null,
    emailSubject: input.origin?.emailSubject ?? null,
    uploadedByName: input.uploadedByName ?? null,
    extracted: null,
    correctedFields: [],
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
}

/** The line items with each one's split (kept on the invoice item, see `lineAllocations`). */
export const withLineSplits = (lines: LineItem[], item: InvoiceItem): LineItem[] =>
  lines.map((line) => {
    const allocations = item.lineAllocations?.[line.id];
    return allocations?.length ? { ...line, allocations } : line;
  });

/** How notifications name an invoice: by its number once known, else by its file. */
export const invoiceLabel = (item: Pick<InvoiceItem, 'invoiceNumber' | 'filename'>) =>
  item.invoiceNumber ? `Invoice ${item.invoiceNumber}` : item.filename;

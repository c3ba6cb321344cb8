import * as z from 'zod';
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from '../constants';
import { approvalStepsSchema } from './approvals';
import { currencyCodeSchema, idSchema, isoDate, isoDateTime } from './common';

export const INVOICE_STATUSES = [
  'UPLOADED',
  'PROCESSING',
  'PROCESSED',
  'REVIEW_REQUIRED',
  'APPROVED',
  'REJECTED',
] as const;
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/** The lowercase status the Invoices page filters on. */
export const PROCESSING_STATUSES = ['processed', 'processing', 'review_needed'] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];

export function processingStatusOf(status: InvoiceStatus): ProcessingStatus {
  switch (status) {
    case 'PROCESSED':
    case 'APPROVED':
    case 'REJECTED':
      return 'processed';
    case 'REVIEW_REQUIRED':
      return 'review_needed';
    default:
      return 'processing';
  }
}

/** The workflow step an invoice is in, shown by the UI while it is PROCESSING. */
export const PROCESSING_STAGES = [
  'QUEUED',
  'INSPECTING',
  'EXTRACTING',
  'NORMALIZING',
  'CLASSIFYING',
  'VALIDATING',
  'DECIDING',
  'DONE',
  'FAILED',
] as const;
export const processingStageSchema = z.enum(PROCESSING_STAGES);

export const INVOICE_SOURCES = ['upload', 'email'] as const;
export type InvoiceSource = (typeof INVOICE_SOURCES)[number];

export const fieldConfidenceSchema = z.record(z.string(), z.number().min(0).max(1));

/**
 * Where an extracted field was read: its page (1-based) and its box as fractions of the page's width
 * and height from the top-left corner (Textract's BoundingBox). The review screen highlights it.
 */
export const fieldLocationSchema = z.object({
  page: z.number().int().min(1),
  left: z.number(),
  top: z.number(),
  width: z.number(),
  height: z.number(),
});
export type FieldLocation = z.infer<typeof fieldLocationSchema>;

/** Retry sync: every failed integration of the invoice, or the one named. */
export const syncRetrySchema = z.object({ integrationId: z.string().trim().min(1).max(64).optional() });

export const syncResultSchema = z.object({
  integrationId: z.string(),
  integrationName: z.string(),
  type: z.string(),
  /**
   * RETRYING: the last call failed and the queue calls again at `nextAttemptAt`; FAILED is final.
   * REVERSED: the bill was taken back because the invoice was reopened or voided.
   */
  status: z.enum(['PENDING', 'SYNCED', 'FAILED', 'RETRYING', 'REVERSED']),
  /** The record the target system created (a QuickBooks Bill Id); null until SYNCED. */
  remoteId: z.string().nullable().default(null),
  /** What that record is: a bill, or a vendor credit (a credit note); null before one is made. */
  remoteKind: z.enum(['bill', 'credit']).nullable().default(null),
  attempts: z.number().int(),
  lastError: z.string().nullable().optional(),
  nextAttemptAt: isoDateTime.nullable().default(null),
  /** The approval this outcome belongs to: a new approval syncs again. */
  approvedAt: isoDateTime.nullable().default(null),
  updatedAt: isoDateTime,
});

/** A suspected duplicate names the other invoice so the UI can link to it. */
export const duplicateOfSchema = z.object({
  id: z.string(),
  invoiceNumber: z.string().nullable(),
  /** `identical_file`: the same bytes (sha256) were uploaded before; the others are the fuzzy checks. */
  match: z.enum(['identical_file', 'same_number', 'same_amount_date']),
});
export type DuplicateOf = z.infer<typeof duplicateOfSchema>;

/** How the invoice was linked to its vendor on Classify, with the match's 0..1 score. */
export const vendorMatchSchema = z.object({
  vendorId: z.string(),
  score: z.number().min(0).max(1),
  /**
   * Which detail matched; `created` when no vendor matched and a SUGGESTED one was made from the invoice;
   * `person` when a reviewer picked the vendor in the edit form; `website` when the vendor's web or
   * e-mail domain is printed on the invoice, `sender` when the invoice was e-mailed from its address
   * or domain.
   */
  by: z.enum(['name', 'taxId', 'email', 'phone', 'address', 'website', 'sender', 'created', 'person']),
});
export type VendorMatch = z.infer<typeof vendorMatchSchema>;

/** Who last corrected a field by hand: the UI shows 'Edited by {name}' instead of the AI's confidence. */
export const fieldEditSchema = z.object({ by: z.string(), name: z.string().nullable(), at: isoDateTime });
export type FieldEdit = z.infer<typeof fieldEditSchema>;

/**
 * One share of a split: part of the invoice's (or a line item's) amount booked on a property and,
 * optionally, an expense category (else the invoice's). The UI may enter percentages; the API stores
 * amounts in the invoice's currency. The names are resolved when the split is saved, for lists,
 * History and the accounting sync.
 */
export const allocationSchema = z.object({
  propertyId: z.string(),
  propertyName: z.string().nullable(),
  categoryId: z.string().nullable(),
  categoryName: z.string().nullable(),
  amount: z.number(),
});
export type Allocation = z.infer<typeof allocationSchema>;

/** Set on an invoice split from a batch file (one upload holding several invoices): where it came from. */
export const batchOriginSchema = z.object({
  /** The uploaded file's name. */
  filename: z.string(),
  /** This invoice's pages in that file, 1-based and inclusive. */
  firstPage: z.number().int().min(1),
  lastPage: z.number().int().min(1),
  /** How many invoices the file held. */
  documents: z.number().int().min(2),
});
export type BatchOriginView = z.infer<typeof batchOriginSchema>;

/** `POST /api/invoices/{id}/split`: pages `atPage` (of this invoice's own, 1-based) on become a new invoice. */
export const invoiceSplitBodySchema = z.object({
  version: z.number().int().min(1),
  atPage: z.number().int().min(2).max(1000),
});
export type InvoiceSplitBody = z.infer<typeof invoiceSplitBodySchema>;

/** `POST /api/invoices/{id}/merge-previous`: the invoice's pages join the document before it in its file. */
export const invoiceMergeBodySchema = z.object({ version: z.number().int().min(1) });
export type InvoiceMergeBody = z.infer<typeof invoiceMergeBodySchema>;

export const invoiceSchema = z.object({
  id: idSchema,
  organizationId: z.string(),
  invoiceNumber: z.string().nullable(),
  filename: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  fileSize: z.number().int(),
  pageCount: z.number().int().nullable(),
  vendorId: z.string().nullable(),
  vendorName: z.string().nullable(),
  vendorAddress: z.string().nullable(),
  vendorEmail: z.string().nullable(),
  vendorPhone: z.string().nullable(),
  invoiceDate: isoDate.nullable(),
  dueDate: isoDate.nullable(),
  subtotal: z.number().nullable(),
  taxAmount: z.number().nullable(),
  totalAmount: z.number().nullable(),
  /**
   * A utility bill's (or account statement's) account fields; null when not printed. `totalAmount`
   * is the period's charges; `amountDue` is what is to be paid now, with any balance carried forward.
   */
  amountDue: z.number().nullable().default(null),
  accountNumber: z.string().nullable().default(null),
  serviceAddress: z.string().nullable().default(null),
  servicePeriodStart: isoDate.nullable().default(null),
  servicePeriodEnd: isoDate.nullable().default(null),
  /** How processing found the vendor and the property ("Linked to Acme Plumbing by its phone number."). */
  matchNotes: z.array(z.string()).default([]),
  /** ISO 4217: extracted, else the vendor's, else the organization's default currency. */
  currency: currencyCodeSchema,
  status: invoiceStatusSchema,
  reviewStatus: z.literal('REQUIRES_REVIEW').nullable(),
  processingStatus: z.enum(PROCESSING_STATUSES),
  processingStage: processingStageSchema.nullable(),
  reviewReasons: z.array(z.string()),
  /**
   * Set when the file is not a readable invoice (damaged or empty PDF, no text and no amounts): the
   * invoice is REVIEW_REQUIRED with this reason, can be reprocessed, rejected or deleted, never approved.
   */
  readFailure: z.string().nullable().default(null),
  /** The earlier invoice this one probably duplicates, or null. */
  duplicateOf: duplicateOfSchema.nullable().default(null),
  batch: batchOriginSchema.nullable().default(null),
  /** Set when the invoice was approved by the organization's auto-approval rule, not by a person. */
  autoApproved: z.boolean().default(false),
  rejectionReason: z.string().nullable(),
  aiConfidence: z.number().min(0).max(1).nullable(),
  fieldConfidence: fieldConfidenceSchema,
  /** Keyed by field name (vendorName … totalAmount); a field not read from the page has none. */
  fieldLocations: z.record(z.string(), fieldLocationSchema).default({}),
  /** Keyed by field name: fields a person corrected (their AI confidence no longer applies). */
  fieldEdits: z.record(z.string(), fieldEditSchema).default({}),
  vendorMatch: vendorMatchSchema.nullable().default(null),
  notes: z.string().nullable(),
  propertyId: z.string().nullable(),
  categoryId: z.string().nullable(),
  categoryName: z.string().nullable(),
  /** The invoice's split across properties and categories; empty when it is not split. */
  allocations: z.array(allocationSchema).default([]),
  /** Line items' own splits, keyed by line item id (also on each line item as `allocations`). */
  lineAllocations: z.record(z.string(), z.array(allocationSchema)).default({}),
  syncResults: z.array(syncResultSchema),
  uploadedBy: z.string().nullable(),
  /** How the file arrived: an upload (app or API) or an e-mail to the organization's inbox. */
  source: z.enum(INVOICE_SOURCES).default('upload'),
  /** The sender and subject of the e-mail it came in (source `email`). */
  emailFrom: z.string().nullable().default(null),
  emailSubject: z.string().nullable().default(null),
  /** The uploader's display name at upload time ('API key' for API uploads). */
  uploadedByName: z.string().nullable().default(null),
  /**
   * What the invoice needs to become APPROVED, fixed by the approval rules when it became ready for
   * approval; null before that (and on invoices that waited before rules existed: the default applies).
   */
  approvalSteps: approvalStepsSchema.nullable().default(null),
  /**
   * The day an APPROVED invoice was paid (`POST /api/invoices/{id}/payment`); null while it is still to
   * be paid (an open payable), and again once it is reopened or voided.
   */
  paidOn: isoDate.nullable().default(null),
  version: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const lineItemSchema = z.object({
  id: z.string(),
  description: z.string(),
  quantity: z.number().nullable(),
  unitPrice: z.number().nullable(),
  totalPrice: z.number().nullable(),
  categoryId: z.string().nullable().optional(),
  /** The line's split across properties and categories (absent or empty: not split). */
  allocations: z.array(allocationSchema).optional(),
});
export type LineItem = z.infer<typeof lineItemSchema>;

export const commentSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string().nullable().optional(),
  comment: z.string(),
  isInternal: z.boolean(),
  createdAt: isoDateTime,
});
export type Comment = z.infer<typeof commentSchema>;

export const fieldChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  /** The field's label as the UI shows it ('Total Amount'). */
  label: z.string().optional(),
  /** `before` / `after` formatted for people (money in the invoice's currency, dates as 'Jan 5, 2025'); null when empty. */
  beforeText: z.string().nullable().optional(),
  afterText: z.string().nullable().optional(),
});
export const invoiceEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  actor: z.string(),
  actorName: z.string().nullable().optional(),
  at: isoDateTime,
  from: invoiceStatusSchema.nullable(),
  to: invoiceStatusSchema.nullable(),
  changes: z.array(fieldChangeSchema),
  note: z.string().nullable().optional(),
});
export type InvoiceEvent = z.infer<typeof invoiceEventSchema>;

// ---- requests ----

/** An amount as a person corrects it; negative on a credit note (money owed to the organization). */
const money = z.coerce.number().min(-1e12).max(1e12).multipleOf(0.01, 'At most 2 decimals');

export const invoiceListQuerySchema = z.object({
  status: z
    .string()
    .transform((s) => s.toUpperCase())
    .pipe(z.enum([...INVOICE_STATUSES, 'REQUIRES_REVIEW', 'ALL']))
    .optional(),
  processingStatus: z.enum(PROCESSING_STATUSES).optional(),
  search: z.string().trim().max(200).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** Days back from today, the dashboard's time filter (7d, 30d, 90d). */
  days: z.coerce.number().int().min(1).max(3660).optional(),
  cursor: z.string().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  /** `me`: only invoices waiting for the caller's approval ('Waiting for me'). */
  waitingFor: z.literal('me').optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

/**
 * A share as a request names it: a property, optionally a category, and an amount (2 decimals). A credit
 * note's shares are negative, as its total is (core/invoices/allocations checks the signs agree).
 */
export const allocationInputSchema = z.object({
  propertyId: idSchema,
  categoryId: z.string().max(64).nullable().optional(),
  amount: z
    .number()
    .min(-1e12)
    .max(1e12)
    .refine((n) => n !== 0, 'Must not be 0')
    .multipleOf(0.01, 'At most 2 decimals'),
});
export type AllocationInput = z.infer<typeof allocationInputSchema>;

/** At most this many shares per split (a shared-services bill rarely covers more buildings). */
export const MAX_ALLOCATIONS = 50;
const allocationsInput = z.array(allocationInputSchema).max(MAX_ALLOCATIONS);

export const invoiceUpdateSchema = z.object({
  version: z.number().int().min(1),
  vendorName: z.string().trim().max(300).nullable().optional(),
  vendorEmail: z
    .union([z.literal(''), z.string().trim().email('Invalid email address')])
    .nullable()
    .optional(),
  vendorPhone: z.string().trim().max(50).nullable().optional(),
  vendorAddress: z.string().trim().max(500).nullable().optional(),
  invoiceNumber: z.string().trim().max(100).nullable().optional(),
  invoiceDate: z
    .union([z.literal(''), isoDate])
    .nullable()
    .optional(),
  dueDate: z
    .union([z.literal(''), isoDate])
    .nullable()
    .optional(),
  subtotal: money.nullable().optional(),
  taxAmount: money.nullable().optional(),
  totalAmount: money.nullable().optional(),
  amountDue: money.nullable().optional(),
  accountNumber: z.string().trim().max(100).nullable().optional(),
  serviceAddress: z.string().trim().max(500).nullable().optional(),
  servicePeriodStart: z
    .union([z.literal(''), isoDate])
    .nullable()
    .optional(),
  servicePeriodEnd: z
    .union([z.literal(''), isoDate])
    .nullable()
    .optional(),
  propertyId: idSchema.nullable().optional(),
  categoryId: z.string().max(64).nullable().optional(),
  /**
   * The master vendor a person picked: the invoice is linked to it and takes its name. Absent: a changed
   * vendorName re-links by name (the organization's vendor of that name, else a new SUGGESTED one).
   */
  vendorId: idSchema.optional(),
  currency: currencyCodeSchema.optional(),
  notes: z.string().max(5000).nullable().optional(),
  /** The invoice's split; must add up to the total. An empty list removes the split. */
  allocations: allocationsInput.optional(),
  /** Line items' splits; each must add up to its line's amount. An empty list removes that line's split. */
  lineItems: z
    .array(z.object({ id: z.string().min(1).max(64), allocations: allocationsInput }))
    .max(500)
    .optional(),
});
export type InvoiceUpdate = z.infer<typeof invoiceUpdateSchema>;

export const rejectBodySchema = z.object({
  reason: z.string().trim().min(1, 'Rejection reason required').max(2000),
});

/** Reopening or voiding an approved invoice says why (History and the review reason show it). */
export const reasonBodySchema = z.object({
  reason: z.string().trim().min(1, 'Reason required').max(2000),
});

export const commentBodySchema = z.object({
  comment: z.string().trim().min(1, 'Comment is required').max(5000),
  isInternal: z.boolean().default(false),
});

/** Asked by the SPA before it POSTs the file straight to storage. */
export const uploadUrlRequestSchema = z.object({
  filename: z.string().trim().min(1).max(255),
  contentType: z.enum(['application/pdf', 'image/jpeg', 'image/png', 'image/tiff']),
  size: z.number().int().min(1, 'The file is empty').max(MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE_MESSAGE),
});
/**
 * The optional `Idempotency-Key` header of the uploads: 1 to 255 printable ASCII characters. The same key
 * from the same organization within 24 h answers the first invoice and creates nothing new.
 */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x20-\x7e]{1,255}$/, 'The Idempotency-Key must be 1 to 255 printable ASCII characters');
export const uploadHeadersSchema = z.object({
  'idempotency-key': idempotencyKeySchema
    .optional()
    .describe('Repeating a key within 24 h answers the first upload instead of creating another invoice'),
});
export const uploadUrlResponseSchema = z.object({
  invoiceId: z.string(),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
});

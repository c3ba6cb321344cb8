import * as z from 'zod';
import { MAX_APPROVAL_COMMENT } from './approvals';
import { idSchema } from './common';
import { invoiceStatusSchema } from './invoice';

/**
 * Bulk work on the Invoices list: one action on up to MAX_BULK_INVOICES invoices, each decided in its own
 * transaction by the same use-case as the single action (functions/core/invoices/bulk.ts). A selection
 * bigger than that ("all matching the filter") is sent in chunks.
 */
export const MAX_BULK_INVOICES = 100;
/**
 * Bulk calls per organization per minute: 3,000 invoices a minute, far beyond a desk working through
 * its list, while a runaway script cannot spend the table's capacity on them (functions/core/fairness).
 */
export const BULK_CALLS_PER_MINUTE = 30;

const bulkIds = z
  .array(idSchema)
  .min(1, 'Select at least one invoice')
  .max(MAX_BULK_INVOICES, `At most ${MAX_BULK_INVOICES} invoices at a time`);

/** What every bulk action names: the invoices, and the version of each the person saw when selecting it. */
const bulkSelection = {
  ids: bulkIds,
  /**
   * Invoice id → the `version` the person saw. An invoice changed since is skipped ("Changed since you
   * selected it") instead of being decided on what nobody looked at. Absent ids are not checked.
   */
  versions: z.record(z.string(), z.number().int().min(1)).optional(),
};

export const bulkApproveSchema = z.object({
  ...bulkSelection,
  comment: z.string().trim().max(MAX_APPROVAL_COMMENT).optional(),
});
export const bulkRejectSchema = z.object({
  ...bulkSelection,
  reason: z.string().trim().min(1, 'Rejection reason required').max(2000),
});
export const bulkDeleteSchema = z.object(bulkSelection);
/** Codes invoices: a property, a category, or both (null clears one). */
export const bulkEditSchema = z
  .object({
    ...bulkSelection,
    propertyId: idSchema.nullable().optional(),
    categoryId: z.string().max(64).nullable().optional(),
  })
  .refine((body) => body.propertyId !== undefined || body.categoryId !== undefined, {
    message: 'Choose a property or a category',
    path: ['propertyId'],
  });
export type BulkEdit = z.infer<typeof bulkEditSchema>;

/**
 * What happened to one invoice: `done` (the action took effect), `waiting` (an approval was recorded and
 * the invoice's rule needs another approver) or `skipped` (nothing changed; `message` says why).
 */
export const BULK_OUTCOMES = ['done', 'waiting', 'skipped'] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];

export const bulkItemResultSchema = z.object({
  id: z.string(),
  /** The invoice's number and vendor as the list shows them; null for an invoice not found. */
  invoiceNumber: z.string().nullable(),
  vendorName: z.string().nullable(),
  outcome: z.enum(BULK_OUTCOMES),
  message: z.string(),
  /** The invoice's status after the action; null when it was deleted or not found. */
  status: invoiceStatusSchema.nullable(),
});
export type BulkItemResult = z.infer<typeof bulkItemResultSchema>;

export const bulkResultSchema = z.object({
  /** One entry per distinct id sent, in the order sent. */
  items: z.array(bulkItemResultSchema),
  done: z.number().int(),
  waiting: z.number().int(),
  skipped: z.number().int(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** The CSV export of chosen invoices: their ids, comma-separated (the list's filters apply when absent). */
export const exportIdsSchema = z
  .string()
  .transform((text) => text.split(',').filter(Boolean))
  .pipe(bulkIds);

import * as z from 'zod';
import { isoDateTime } from './common';

/**
 * `GET /api/vendors/{id}/memory`: what the organization learned of a vendor's layouts from the invoices
 * its people corrected and approved, in the words a person reads (functions/core/vendors/memory-view.ts).
 * Only what the vendor's page shows leaves the server: never a layout's fingerprint or coordinates.
 */
export const learnedFieldSchema = z.object({
  /** The invoice field, as the API names it (`invoiceNumber`). */
  field: z.string(),
  /** The field as a person reads it: "invoice number". */
  words: z.string(),
  /** How it is found on the layout: `Next to "Invoice no"`, `Below "Total due"`, `At the same place on the page`. */
  foundBy: z.string(),
  /** Later approved invoices it read right and wrong (the one it was learned from is not counted). */
  right: z.number().int().nonnegative(),
  wrong: z.number().int().nonnegative(),
  /** False once it was wrong too often to be read from any more. */
  used: z.boolean(),
});
export type LearnedField = z.infer<typeof learnedFieldSchema>;

export const learnedLayoutSchema = z.object({
  id: z.string(),
  /** Approved invoices of this layout learned from. */
  approvals: z.number().int().nonnegative(),
  learnedAt: isoDateTime,
  /** When the last of them was approved. */
  approvedAt: isoDateTime,
  fields: z.array(learnedFieldSchema),
});
export type LearnedLayout = z.infer<typeof learnedLayoutSchema>;

/** What the vendor's approved invoices taught of it (functions/core/vendors/history.ts), the newest ones. */
export const approvedHistorySchema = z.object({
  /** Approved invoices remembered (the newest, at most 24). */
  approvedInvoices: z.number().int().nonnegative(),
  /** Their totals' range per currency: what an amount far outside is weighed against. */
  totals: z.array(
    z.object({
      currency: z.string(),
      lowest: z.number(),
      highest: z.number(),
      count: z.number().int().positive(),
    }),
  ),
  /** The newest approved invoice's number: what a number off the vendor's numbering is shown beside. */
  lastInvoiceNumber: z.string().nullable(),
  /** Utility accounts and the property each was booked to: a bill of the account suggests that property. */
  accounts: z.array(
    z.object({ accountNumber: z.string(), propertyId: z.string(), propertyName: z.string().nullable() }),
  ),
  /** The bank accounts its approved invoices asked to be paid to (last four characters only). */
  paymentAccounts: z.array(z.object({ kind: z.enum(['iban', 'us-bank']), last4: z.string() })).default([]),
  /**
   * Its payment terms: the days from invoice date to due date its newest approved invoices agree on
   * (`count` of them); an invoice with no sure due date is given one. Null when they differ or are too few.
   */
  paymentTerms: z
    .object({ days: z.number().int().nonnegative(), count: z.number().int().positive() })
    .nullable()
    .default(null),
  /**
   * Its tax: whether its newest approved invoices (`count` of them) all carried tax or none, and the rate
   * (tax over subtotal, 0.19 for 19%) they all charged (null when it varies or is unknown). An invoice
   * taxed unlike them is sent to review. Null when they mix.
   */
  tax: z
    .object({
      taxed: z.boolean(),
      rate: z.number().nonnegative().nullable(),
      count: z.number().int().positive(),
    })
    .nullable()
    .default(null),
  /**
   * Its usual split: the properties (and categories) its newest approved invoices (`count` of them) were
   * all split over, each share's percent of the total. Its next invoice arrives split so. Null when they differ.
   */
  split: z
    .object({
      shares: z.array(
        z.object({
          propertyId: z.string(),
          propertyName: z.string().nullable(),
          categoryId: z.string().nullable(),
          percent: z.number().positive(),
        }),
      ),
      count: z.number().int().positive(),
    })
    .nullable()
    .default(null),
});
export type ApprovedHistory = z.infer<typeof approvedHistorySchema>;

/** The vendor's layouts, the most recently approved first (none when nothing is learned yet), and its history. */
export const vendorMemorySchema = z.object({
  layouts: z.array(learnedLayoutSchema),
  history: approvedHistorySchema,
});
export type VendorMemory = z.infer<typeof vendorMemorySchema>;

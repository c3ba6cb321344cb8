import * as z from 'zod';
import { idSchema, isoDate } from './common';

/**
 * The AP desk's weekly reports (`GET /api/reports/{aging,cash-requirements,spend-per-door,recurring}`,
 * each also as `.csv`) and the paid mark they rest on. Every report is read from aggregate items kept on
 * write (core/invoices/aggregates), never by scanning invoices, and money is never summed across
 * currencies: each report answers one block per currency.
 *
 * Open payables are approved invoices without a paid date. An invoice without a due date is due on its
 * invoice date (or, without one, the day it was uploaded).
 */

const month = z.string().regex(/^\d{4}-\d{2}$/, 'Expected a month as YYYY-MM');
const currency = z.string();

/** `POST /api/invoices/{id}/payment`: mark an approved invoice paid (on a day, today by default). */
export const invoicePaymentInputSchema = z.object({
  version: z.number().int().min(1),
  paidOn: isoDate.optional(),
});
export type InvoicePaymentInput = z.infer<typeof invoicePaymentInputSchema>;

/** `DELETE /api/invoices/{id}/payment?version=N`: take a paid mark back. */
export const invoicePaymentRemovalSchema = z.object({
  version: z.coerce.number().int().min(1),
});

/** `?asOf=YYYY-MM-DD` (today, in UTC, by default). */
export const asOfQuerySchema = z.object({ asOf: isoDate.optional() });

/** Open payables by days past due on `asOf`: current is not yet due (or due that day). */
export const agingBucketsSchema = z.object({
  current: z.number(),
  days1to30: z.number(),
  days31to60: z.number(),
  days61to90: z.number(),
  over90: z.number(),
  total: z.number(),
  invoiceCount: z.number().int(),
});
export type AgingBuckets = z.infer<typeof agingBucketsSchema>;

export const agingReportSchema = z.object({
  asOf: isoDate,
  currencies: z.array(
    z.object({
      currency,
      totals: agingBucketsSchema,
      /** Largest total first; vendorId null for invoices with no vendor linked. */
      byVendor: z.array(agingBucketsSchema.extend({ vendorId: idSchema.nullable(), vendorName: z.string() })),
      /** Split invoices count their share on each property; propertyId null for no property. */
      byProperty: z.array(
        agingBucketsSchema.extend({ propertyId: idSchema.nullable(), propertyName: z.string() }),
      ),
    }),
  ),
});
export type AgingReport = z.infer<typeof agingReportSchema>;

/** Open payables falling due, cumulative: `next14` includes `next7`; `overdue` is due before `asOf`. */
export const cashWindowsSchema = z.object({
  overdue: z.number(),
  next7: z.number(),
  next14: z.number(),
  next30: z.number(),
});

export const cashRequirementsReportSchema = z.object({
  asOf: isoDate,
  currencies: z.array(
    z.object({
      currency,
      totals: cashWindowsSchema,
      byProperty: z.array(
        cashWindowsSchema.extend({ propertyId: idSchema.nullable(), propertyName: z.string() }),
      ),
    }),
  ),
});
export type CashRequirementsReport = z.infer<typeof cashRequirementsReportSchema>;

/** `?from=YYYY-MM&to=YYYY-MM`, both included, by invoice month; the last 12 months by default. */
export const spendPerDoorQuerySchema = z
  .object({ from: month.optional(), to: month.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ['to'],
    message: 'The end month must be on or after the start month',
  });

export const spendPerDoorReportSchema = z.object({
  from: month,
  to: month,
  currencies: z.array(
    z.object({
      currency,
      rows: z.array(
        z.object({
          propertyId: idSchema.nullable(),
          propertyName: z.string(),
          /** The property's units (doors); null when not set, and then perDoor is null too. */
          units: z.number().int().nullable(),
          total: z.number(),
          perDoor: z.number().nullable(),
          byCategory: z.array(
            z.object({
              /** A category's id as `GET /api/categories` lists it (default categories' ids are codes, not ULIDs). */
              categoryId: z.string().nullable(),
              categoryName: z.string(),
              amount: z.number(),
              perDoor: z.number().nullable(),
            }),
          ),
        }),
      ),
    }),
  ),
});
export type SpendPerDoorReport = z.infer<typeof spendPerDoorReportSchema>;

/** `?month=YYYY-MM`, this month by default. */
export const recurringQuerySchema = z.object({ month: month.optional() });

export const recurringBillsReportSchema = z.object({
  month,
  /** Vendors and utility accounts billed in most of the last months whose bill has not come this month. */
  missing: z.array(
    z.object({
      vendorId: idSchema,
      vendorName: z.string(),
      /** The utility account, when the usual bill is per account; null for a vendor's bill. */
      accountNumber: z.string().nullable(),
      currency,
      /** Median monthly amount over the months it was billed. */
      usualAmount: z.number(),
      monthsBilled: z.number().int(),
      lastBilledMonth: month,
    }),
  ),
  /** This month's bills far above their vendor's (or account's) usual monthly amount. */
  unusuallyHigh: z.array(
    z.object({
      vendorId: idSchema,
      vendorName: z.string(),
      accountNumber: z.string().nullable(),
      currency,
      amount: z.number(),
      usualAmount: z.number(),
      /** amount / usualAmount, e.g. 2.4. */
      ratio: z.number(),
    }),
  ),
});
export type RecurringBillsReport = z.infer<typeof recurringBillsReportSchema>;

import * as z from 'zod';
import { isoDateTime } from './common';

/** AI accuracy is measured over invoices a person approved or rejected; below this many it is null. */
export const MIN_REVIEWED_FOR_ACCURACY = 10;

export const statsCurrencyTotalsSchema = z.object({
  /** Invoices in this currency (any status). */
  invoiceCount: z.number().int(),
  /** Spend this calendar month: approved and ready invoices (not those in review, unreadable or rejected). */
  monthlyTotal: z.number(),
  /** Spend of all time, counted the same way. */
  totalAmount: z.number(),
  /** Of monthlyTotal, what ready invoices nobody approved yet add, and how many they are. */
  monthlyAwaitingApproval: z.number().default(0),
  monthlyAwaitingApprovalCount: z.number().int().default(0),
});

export const statsSchema = z.object({
  totalInvoices: z.number().int(),
  processingQueue: z.number().int(),
  /**
   * In the organization's default currency (`currency`); other currencies are in `byCurrency`. Approved
   * and ready invoices only: amounts in review, unreadable or rejected are not money owed.
   */
  monthlyTotal: z.number(),
  /** Of monthlyTotal, what ready invoices nobody approved yet add (the dashboard says so), and their count. */
  monthlyAwaitingApproval: z.number().default(0),
  monthlyAwaitingApprovalCount: z.number().int().default(0),
  /** Fields kept / fields checked over reviewed invoices, 0..100; null until 10 invoices were reviewed. */
  aiAccuracy: z.number().min(0).max(100).nullable(),
  /** Invoices approved or rejected by a person (the basis of aiAccuracy). */
  reviewedInvoices: z.number().int(),
  /** The organization's default currency: the one monthlyTotal is in. */
  currency: z.string(),
  /** Figures per ISO 4217 currency, never summed across currencies. */
  byCurrency: z.record(z.string(), statsCurrencyTotalsSchema),
  reviewQueue: z.number().int(),
  byStatus: z.record(z.string(), z.number().int()),
  lastActivityAt: isoDateTime.nullable(),
  connectedIntegrations: z.number().int(),
});
export type Stats = z.infer<typeof statsSchema>;

/**
 * The money figures of the analytics page, all in one currency: approved and ready invoices (amounts in
 * review, unreadable or rejected are left out).
 */
export const analyticsFiguresSchema = z.object({
  totalInvoices: z.number().int(),
  totalAmount: z.number(),
  averageAmount: z.number(),
  /** Of totalAmount, what ready invoices nobody approved yet add (the page says so), and their count. */
  awaitingApprovalAmount: z.number().default(0),
  awaitingApprovalCount: z.number().int().default(0),
  topVendors: z.array(
    z.object({ name: z.string(), invoiceCount: z.number().int(), totalAmount: z.number() }),
  ),
  categoryBreakdown: z.array(
    z.object({
      categoryName: z.string(),
      percentage: z.number(),
      totalAmount: z.number(),
      invoiceCount: z.number(),
    }),
  ),
  monthlyTrends: z.array(
    z.object({ month: z.string(), invoiceCount: z.number().int(), totalAmount: z.number() }),
  ),
  /** Spend by property, following split coding; `propertyId` null is spend on no property. */
  propertyBreakdown: z
    .array(
      z.object({
        propertyId: z.string().nullable(),
        propertyName: z.string(),
        percentage: z.number(),
        totalAmount: z.number(),
        invoiceCount: z.number(),
      }),
    )
    .default([]),
});

/** How often reviewers kept what the AI read in one field. */
export const fieldAccuracySchema = z.object({
  field: z.string(),
  label: z.string(),
  /** Reviewed invoices where the AI had read this field. */
  checked: z.number().int(),
  /** Of those, how many the reviewer left as read. */
  kept: z.number().int(),
  /** kept / checked, 0..100, one decimal; null when nothing was checked. */
  accuracy: z.number().nullable(),
});

/**
 * The spec's fields are in the organization's default currency (`currency`): totalInvoices counts that
 * currency's invoices. `byCurrency` has the same figures for every currency, never summed together.
 */
export const analyticsSchema = analyticsFiguresSchema.extend({
  currency: z.string(),
  byCurrency: z.record(z.string(), analyticsFiguresSchema),
  aiAccuracy: z.number().min(0).max(100).nullable(),
  reviewedInvoices: z.number().int(),
  fieldAccuracy: z.array(fieldAccuracySchema),
});
export type Analytics = z.infer<typeof analyticsSchema>;

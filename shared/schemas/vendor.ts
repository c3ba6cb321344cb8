import * as z from 'zod';
import { isoDateTime } from './common';
import { optionalString } from './form-fields';
import {
  vendorInsuranceSchema,
  vendorTaxIdentityInputSchema,
  vendorTaxIdentitySchema,
} from './vendor-compliance';

/**
 * ACTIVE and INACTIVE are set by people; SUGGESTED vendors are created by processing from an invoice
 * that matched no vendor, and become ACTIVE when a person approves their first invoice.
 */
export const VENDOR_STATUSES = ['ACTIVE', 'INACTIVE', 'SUGGESTED'] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];

/** Money figures of one currency (never summed across currencies). */
export const vendorCurrencyTotalsSchema = z.object({
  totalAmount: z.number(),
  totalInvoices: z.number().int(),
  averageAmount: z.number(),
});

export const vendorSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  taxId: z.string().nullable(),
  website: z.string().nullable(),
  paymentTerms: z.string().nullable(),
  preferredMethod: z.string().nullable(),
  status: z.string(),
  totalAmount: z.number(),
  totalInvoices: z.number().int(),
  averageAmount: z.number(),
  /**
   * totalAmount / totalInvoices / averageAmount above are in the organization's default currency;
   * this has the same figures for every currency the vendor billed in (the default one included).
   */
  byCurrency: z.record(z.string(), vendorCurrencyTotalsSchema).default({}),
  /** The vendor's usual ISO 4217 currency (from its first invoice), or null. */
  currency: z.string().nullable().default(null),
  /** Other names of this vendor (kept from merged vendors), matched on Classify. */
  aliases: z.array(z.string()).default([]),
  defaultCategoryId: z.string().nullable().optional(),
  /**
   * The vendor's tax identity for its 1099 (the TIN masked), or null when none was given. Every vendor
   * answer has it and `insurance`; optional for readers of answers made before they existed.
   */
  taxIdentity: vendorTaxIdentitySchema.nullable().optional(),
  /** Its insurance as of today, from its certificates (functions/core/vendors/insurance.ts). */
  insurance: vendorInsuranceSchema.optional(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  version: z.number().int(),
});
export type Vendor = z.infer<typeof vendorSchema>;

export const vendorInputSchema = z.object({
  name: z.string().trim().min(1, 'Vendor name is required').max(200),
  email: z
    .union([z.literal(''), z.string().trim().email('Invalid email address')])
    .nullish()
    .transform((v) => v || null),
  phone: optionalString(50),
  address: optionalString(500),
  taxId: optionalString(50),
  website: optionalString(300),
  paymentTerms: optionalString(100),
  preferredMethod: optionalString(100),
  status: z.enum(['ACTIVE', 'INACTIVE']).optional(),
  /** Absent: the stored tax identity is kept (a PUT that does not know of it loses nothing); null: removed. */
  taxIdentity: vendorTaxIdentityInputSchema.nullish(),
});
/** `POST /api/vendors/{id}/merge`: the source vendor's invoices move to `{id}`, its name becomes an alias, and it is deleted. */
export const vendorMergeSchema = z.object({
  sourceVendorId: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Invalid id'),
});

/** PUT replaces the fields; `version` (from the GET) makes a concurrent edit fail with 409 instead of losing it. */
export const vendorUpdateSchema = vendorInputSchema.extend({ version: z.number().int().min(1).optional() });

/** Lists of vendors and properties: a free-text search and cursor paging. */
export const entityListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  cursor: z.string().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

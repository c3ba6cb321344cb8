import * as z from 'zod';
import { idSchema, isoDate, isoDateTime } from './common';
import { optionalString } from './form-fields';

/**
 * What a property manager must know of a contractor before paying it: its tax identity (for the 1099 it
 * files for every contractor paid $600 or more in a year) and its insurance certificates (an uninsured
 * contractor must not work on a building). The rules live in functions/core/vendors/.
 */

export const TIN_TYPES = ['EIN', 'SSN'] as const;
export type TinType = (typeof TIN_TYPES)[number];

export const TAX_ENTITY_TYPES = [
  'INDIVIDUAL',
  'PARTNERSHIP',
  'C_CORPORATION',
  'S_CORPORATION',
  'LLC',
  'OTHER',
] as const;
export type TaxEntityType = (typeof TAX_ENTITY_TYPES)[number];

export const TAX_ENTITY_TYPE_LABELS: Record<TaxEntityType, string> = {
  INDIVIDUAL: 'Individual / sole proprietor',
  PARTNERSHIP: 'Partnership',
  C_CORPORATION: 'C corporation',
  S_CORPORATION: 'S corporation',
  LLC: 'LLC',
  OTHER: 'Other',
};

/** The 1099 box a vendor's payments are reported in: nonemployee compensation, or rents (1099-MISC box 1). */
export const FORM_1099_BOXES = ['NEC', 'MISC_RENTS'] as const;
export type Form1099Box = (typeof FORM_1099_BOXES)[number];

export const FORM_1099_BOX_LABELS: Record<Form1099Box, string> = {
  NEC: '1099-NEC box 1 (nonemployee compensation)',
  MISC_RENTS: '1099-MISC box 1 (rents)',
};

/** How each TIN type is written: an EIN `12-3456789`, an SSN `123-45-6789`. */
const TIN_FORMATS: Record<TinType, RegExp> = {
  EIN: /^\d{2}-\d{7}$/,
  SSN: /^\d{3}-\d{2}-\d{4}$/,
};

export const TIN_FORMAT_MESSAGE: Record<TinType, string> = {
  EIN: 'Enter the EIN as 12-3456789 or 9 digits',
  SSN: 'Enter the SSN as 123-45-6789 or 9 digits',
};

/** The 9 digits of a TIN written in its type's format or as digits only; null when it is neither. */
export function normalizedTin(tin: string, type: TinType): string | null {
  const text = tin.trim();
  if (/^\d{9}$/.test(text) || TIN_FORMATS[type].test(text)) return text.replace(/-/g, '');
  return null;
}

/**
 * A vendor's tax identity as sent. `tin` absent (or empty) keeps the stored one: the API never answers it
 * in clear, so a form cannot send it back. The TIN comes out as its 9 digits.
 */
export const vendorTaxIdentityInputSchema = z
  .object({
    legalName: optionalString(200),
    tinType: z.enum(TIN_TYPES, { error: 'TIN type must be EIN or SSN' }).default('EIN'),
    tin: z
      .string()
      .trim()
      .max(20)
      .nullish()
      .transform((v) => v || undefined),
    /** '' (a form's "Not set") or absent: none. */
    entityType: z
      .union([z.literal(''), z.enum(TAX_ENTITY_TYPES)])
      .nullish()
      .transform((v) => v || null),
    /** The vendor gets a 1099 for the year's payments. */
    reports1099: z.boolean().default(false),
    form1099Box: z.enum(FORM_1099_BOXES).default('NEC'),
  })
  .transform((identity, context) => {
    if (identity.tin === undefined) return { ...identity, tin: undefined };
    const digits = normalizedTin(identity.tin, identity.tinType);
    if (digits === null) {
      context.addIssue({ code: 'custom', path: ['tin'], message: TIN_FORMAT_MESSAGE[identity.tinType] });
      return z.NEVER;
    }
    return { ...identity, tin: digits };
  });
export type VendorTaxIdentityInput = z.output<typeof vendorTaxIdentityInputSchema>;

/** A vendor's tax identity as every API answers it: the TIN masked to its last 4 digits. */
export const vendorTaxIdentitySchema = z.object({
  legalName: z.string().nullable(),
  tinType: z.enum(TIN_TYPES),
  /** `***-**-6789` (SSN) or `**-***6789` (EIN); null when no TIN is stored. */
  tinMasked: z.string().nullable(),
  entityType: z.enum(TAX_ENTITY_TYPES).nullable(),
  reports1099: z.boolean(),
  form1099Box: z.enum(FORM_1099_BOXES),
});
export type VendorTaxIdentity = z.infer<typeof vendorTaxIdentitySchema>;

export const COVERAGE_TYPES = ['GENERAL_LIABILITY', 'WORKERS_COMPENSATION', 'AUTO'] as const;
export type CoverageType = (typeof COVERAGE_TYPES)[number];

export const COVERAGE_TYPE_LABELS: Record<CoverageType, string> = {
  GENERAL_LIABILITY: 'General liability',
  WORKERS_COMPENSATION: "Workers' compensation",
  AUTO: 'Auto',
};

/** `POST`/`PUT /api/vendors/{id}/certificates…`: one insurance certificate of a vendor. */
export const insuranceCertificateInputSchema = z
  .object({
    carrier: z.string().trim().min(1, 'Carrier is required').max(200),
    policyNumber: z.string().trim().min(1, 'Policy number is required').max(100),
    coverageType: z.enum(COVERAGE_TYPES, { error: 'Choose a coverage type' }),
    /** The per-occurrence limit, in the organization's currency. */
    perOccurrenceLimit: z.number().min(0).max(1e12).nullish().default(null),
    effectiveOn: isoDate,
    expiresOn: isoDate,
  })
  .refine((c) => c.expiresOn >= c.effectiveOn, {
    path: ['expiresOn'],
    message: 'The expiry date must be on or after the effective date',
  });
export type InsuranceCertificateInput = z.output<typeof insuranceCertificateInputSchema>;

/** A certificate's attached file (the signed certificate of insurance) is a PDF, JPEG or PNG of at most 5 MB. */
export const CERTIFICATE_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type CertificateFileType = (typeof CERTIFICATE_FILE_TYPES)[number];
export const MAX_CERTIFICATE_FILE_BYTES = 5 * 1024 * 1024;
export const CERTIFICATE_FILE_TOO_LARGE_MESSAGE = 'File too large: the limit for a certificate is 5 MB';
export const CERTIFICATE_FILE_TYPE_MESSAGE = 'Attach the certificate as a PDF, JPEG or PNG file';

/** The file attached to a certificate, as the API answers it (its stored object's key never leaves the API). */
export const certificateFileSchema = z.object({
  filename: z.string(),
  contentType: z.enum(CERTIFICATE_FILE_TYPES),
  size: z.number().int(),
  uploadedAt: isoDateTime,
});
export type CertificateFile = z.infer<typeof certificateFileSchema>;

export const insuranceCertificateSchema = z.object({
  id: idSchema,
  vendorId: idSchema,
  carrier: z.string(),
  policyNumber: z.string(),
  coverageType: z.enum(COVERAGE_TYPES),
  perOccurrenceLimit: z.number().nullable(),
  effectiveOn: isoDate,
  expiresOn: isoDate,
  /** The attached certificate file; null until one is attached. */
  file: certificateFileSchema.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  version: z.number().int(),
});
export type InsuranceCertificate = z.infer<typeof insuranceCertificateSchema>;

export const INSURANCE_STATUSES = ['valid', 'expiring', 'expired', 'missing'] as const;
export type InsuranceStatus = (typeof INSURANCE_STATUSES)[number];

/** A vendor's insurance as of today, from its certificates (expiring: coverage ends within 30 days). */
export const vendorInsuranceSchema = z.object({
  status: z.enum(INSURANCE_STATUSES),
  /** When the current coverage ends (valid, expiring) or ended (expired); null when missing. */
  expiresOn: isoDate.nullable(),
});
export type VendorInsurance = z.infer<typeof vendorInsuranceSchema>;

/** `GET /api/reports/1099?year=2026[&format=csv]`. */
export const form1099ReportQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  format: z.enum(['json', 'csv']).default('json'),
});

/** The payments reported on a 1099 reach it at $600 in the year. */
export const FORM_1099_THRESHOLD = 600;

export const form1099RowSchema = z.object({
  vendorId: idSchema,
  vendorName: z.string(),
  legalName: z.string().nullable(),
  tinType: z.enum(TIN_TYPES).nullable(),
  tinMasked: z.string().nullable(),
  address: z.string().nullable(),
  form1099Box: z.enum(FORM_1099_BOXES),
  /** The vendor's approved invoices paid in the calendar year (by paid date), credit notes subtracted. */
  amount: z.number(),
  invoiceCount: z.number().int(),
  reachesThreshold: z.boolean(),
});
export type Form1099Row = z.infer<typeof form1099RowSchema>;

export const form1099ReportSchema = z.object({
  year: z.number().int(),
  currency: z.string(),
  threshold: z.number(),
  rows: z.array(form1099RowSchema),
});
export type Form1099Report = z.infer<typeof form1099ReportSchema>;

import * as z from 'zod';
import { PLANS } from '../constants';
import { currencyCodeSchema, DEFAULT_CURRENCY, isoDateTime } from './common';

export const planSchema = z.enum(PLANS);
/**
 * ADMIN: everything, including the team and settings. APPROVER: what a MEMBER does, and approves or rejects
 * invoices. MEMBER: uploads, edits and codes invoices, maintains vendors and properties; cannot approve.
 * VIEWER: reads only. (Before APPROVER existed, MEMBERs approved: they were migrated to APPROVER, see
 * functions/adapters/dynamodb/team.ts.)
 */
export const ROLES = ['ADMIN', 'APPROVER', 'MEMBER', 'VIEWER'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = (typeof ROLES)[number];

export const organizationSummarySchema = z.object({ id: z.string(), name: z.string(), plan: planSchema });

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: roleSchema,
  createdAt: isoDateTime,
  updatedAt: isoDateTime.optional(),
  organization: organizationSummarySchema,
});
export type User = z.infer<typeof userSchema>;

export const profileUpdateSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  email: z.string().trim().email('Invalid email address').max(254),
});

/** Auto-approval of PROCESSED invoices from ACTIVE vendors under an amount (in the default currency). Off by default. */
export const autoApproveSchema = z.object({
  enabled: z.boolean(),
  /** Invoices whose total is at most this, in the organization's default currency; required when enabled. */
  maxAmount: z.number().min(0).max(1e12).nullable(),
});
export type AutoApprove = z.infer<typeof autoApproveSchema>;
export const AUTO_APPROVE_OFF: AutoApprove = { enabled: false, maxAmount: null };

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  plan: planSchema,
  status: z.enum(['ACTIVE', 'TRIAL', 'SUSPENDED']),
  /** When the free trial of `plan` ends (status TRIAL); then the organization has the default plan. */
  trialEndsAt: isoDateTime.nullable().default(null),
  apiUsed: z.number().int(),
  apiQuota: z.number().int(),
  invoicesThisMonth: z.number().int(),
  invoiceLimit: z.number().int().nullable(),
  /** ISO 4217; invoices with no currency of their own (nor their vendor's) are in it, and totals are shown in it. */
  defaultCurrency: currencyCodeSchema.default(DEFAULT_CURRENCY),
  autoApprove: autoApproveSchema.default(AUTO_APPROVE_OFF),
  /** A vendor's first invoice (none of its invoices approved yet) goes to review. On by default. */
  reviewNewVendors: z.boolean().default(true),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  stats: z.object({
    totalUsers: z.number().int(),
    totalInvoices: z.number().int(),
    totalProperties: z.number().int(),
    totalVendors: z.number().int(),
  }),
  /** Where vendors e-mail invoices: `<slug>-<random>@<inbox domain>`; an administrator can regenerate it. */
  inboxAddress: z.string().nullable().default(null),
  /** Senders (addresses or domains) the inbox accepts mail from; empty accepts every sender. */
  inboxAllowedSenders: z.array(z.string()).default([]),
  /**
   * The legal names the organization is billed under (its own firms, its owners' entities): with its
   * name and its properties they are the buyer on an invoice, never chosen as the seller.
   */
  legalNames: z.array(z.string()).default([]),
});
export type Organization = z.infer<typeof organizationSchema>;

/** At most this many legal names per organization. */
export const MAX_LEGAL_NAMES = 50;
/** The organization's legal names as a request sets them: trimmed, non-empty, each once (case aside). */
export const legalNamesSchema = z
  .array(z.string().trim().min(1, 'Enter a name').max(200))
  .max(MAX_LEGAL_NAMES, `At most ${MAX_LEGAL_NAMES} legal names`)
  .transform((names) =>
    names.filter((n, i) => names.findIndex((m) => m.toLowerCase() === n.toLowerCase()) === i),
  );

/**
 * One allowed sender of the invoice inbox: an e-mail address (`billing@acme.com`) or a domain
 * (`acme.com`, which also admits its subdomains).
 */
export const inboxSenderSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .regex(
    /^([a-z0-9.!#$%&'*+/=?^_`{|}~-]+@)?([a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/,
    'Enter an e-mail address or a domain',
  );
export const inboxSettingsSchema = z.object({
  allowedSenders: z.array(inboxSenderSchema).max(100, 'At most 100 senders'),
});

export const SLUG_PATTERN = /^[a-z0-9-]+$/;
export const organizationUpdateSchema = z.object({
  name: z.string().trim().min(1, 'Organization name is required').max(200),
  slug: z
    .string()
    .trim()
    .min(1, 'Slug is required')
    .max(63)
    .regex(SLUG_PATTERN, 'Slug must contain only lowercase letters, numbers, and hyphens'),
  plan: planSchema,
  /** Absent keeps the stored setting. */
  defaultCurrency: currencyCodeSchema.optional(),
  autoApprove: autoApproveSchema
    .refine((a) => !a.enabled || a.maxAmount !== null, {
      message: 'Enter the amount under which invoices are approved automatically',
      path: ['maxAmount'],
    })
    .optional(),
  /** Absent keeps the stored list. */
  legalNames: legalNamesSchema.optional(),
  /** Absent keeps the stored setting. */
  reviewNewVendors: z.boolean().optional(),
});

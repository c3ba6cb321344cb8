import * as z from 'zod';
import { PLANS } from '../constants';
import { currencyCodeSchema, DEFAULT_CURRENCY, isoDate, isoDateTime } from './common';

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
});

const optionalString = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

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

export const PROPERTY_TYPES = [
  'SINGLE_FAMILY',
  'MULTI_FAMILY',
  'APARTMENT',
  'COMMERCIAL',
  'RETAIL',
  'OFFICE',
  'INDUSTRIAL',
  'MIXED_USE',
  'LAND',
] as const;
export const PROPERTY_TYPE_LABELS: Record<(typeof PROPERTY_TYPES)[number], string> = {
  SINGLE_FAMILY: 'Single Family',
  MULTI_FAMILY: 'Multi Family',
  APARTMENT: 'Apartment Complex',
  COMMERCIAL: 'Commercial',
  RETAIL: 'Retail',
  OFFICE: 'Office',
  INDUSTRIAL: 'Industrial',
  MIXED_USE: 'Mixed Use',
  LAND: 'Land',
};

export const propertySchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  propertyType: z.enum(PROPERTY_TYPES),
  units: z.number().int().nullable(),
  rentAmount: z.number().nullable(),
  marketValue: z.number().nullable(),
  acquisitionDate: isoDate.nullable(),
  propertyManager: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  version: z.number().int(),
});
export type Property = z.infer<typeof propertySchema>;

/** Numbers that are 0 or empty are sent as absent (spec section 5); absent is stored as null. */
const positiveOrAbsent = (min: number, integer: boolean) => {
  // Money fields follow the form's step of 0.01.
  const base = integer
    ? z.number().int('Must be a whole number')
    : z.number().multipleOf(0.01, 'At most 2 decimals');
  return z.preprocess(
    // Only numbers and numeric text are numbers: `true` or `[]` must not turn into 1 or 0.
    (v) =>
      v === '' || v === null || v === undefined || v === 0 || v === '0'
        ? undefined
        : typeof v === 'string'
          ? Number(v)
          : v,
    base
      .min(min, min === 1 ? 'Must be at least 1' : 'Must be 0 or more')
      .max(1e12)
      .optional(),
  );
};

export const propertyInputSchema = z.object({
  name: z.string().trim().min(1, 'Property name is required').max(200),
  address: z.string().trim().min(1, 'Address is required').max(500),
  propertyType: z.enum(PROPERTY_TYPES, { message: 'Property type is required' }),
  units: positiveOrAbsent(1, true),
  rentAmount: positiveOrAbsent(0, false),
  marketValue: positiveOrAbsent(0, false),
  acquisitionDate: z
    .union([z.literal(''), isoDate])
    .nullish()
    .transform((v) => v || null),
  propertyManager: optionalString(200),
  notes: optionalString(5000),
  status: z.enum(['ACTIVE', 'INACTIVE']).optional(),
});
export const propertyUpdateSchema = propertyInputSchema.extend({
  version: z.number().int().min(1).optional(),
});

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  isDefault: z.boolean(),
});
export type Category = z.infer<typeof categorySchema>;

/** The spec's three, and EMAIL: each approved invoice e-mailed to a list of recipients. */
export const INTEGRATION_TYPES = ['MAKE_COM', 'PROPERTYWARE', 'QUICKBOOKS', 'EMAIL'] as const;
export const integrationTypeSchema = z.enum(INTEGRATION_TYPES);
export const integrationSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: integrationTypeSchema,
  status: z.enum(['ACTIVE', 'INACTIVE', 'ERROR']),
  /** Config with every secret shown as `****` (set) and none of its characters. */
  config: z.record(z.string(), z.string().nullable()),
  lastSyncAt: isoDateTime.nullable(),
  lastError: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  version: z.number().int(),
});
export type Integration = z.infer<typeof integrationSchema>;

/** Only http(s): these URLs are called by the server (sync and webhook delivery). */
const url = z
  .string()
  .trim()
  .max(2000)
  .pipe(z.url({ protocol: /^https?$/, error: 'Enter a valid URL' }));
/** The form sends every config field, empty when unused: '' and null mean absent. */
const optionalSecret = z
  .string()
  .trim()
  .max(500)
  .nullish()
  .transform((v) => v || undefined);
const integrationName = z.string().trim().min(1, 'Name is required').max(200);

const optionalId = z
  .string()
  .trim()
  .max(100)
  .nullish()
  .transform((v) => v || undefined);

const parseJson = (value: string): unknown => {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};
/**
 * A mapping of our ids to a system's (`{categoryId: accountId}`, `{propertyId: {portfolioId}}`). Config
 * values are strings, so it is kept as its JSON; an edit may send the object or that JSON back.
 */
const jsonMap = <V extends z.ZodType>(value: V, error: string) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? (v.trim() ? parseJson(v) : undefined) : (v ?? undefined)),
      z.record(z.string().trim().min(1).max(100), value, { error }).optional(),
    )
    .transform((m) => (m && Object.keys(m).length ? JSON.stringify(m) : undefined));
const systemId = z.string().trim().min(1).max(100);
const idMap = (error: string) => jsonMap(systemId, error);
/** Propertyware's property → where its bills are kept. */
const propertyMap = jsonMap(
  z.object({ portfolioId: systemId, buildingId: systemId.optional() }),
  'Property map must map property ids to {portfolioId, buildingId}',
);
/** QuickBooks' category → expense account mapping. */
const accountMap = idMap('Account map must map category ids to account ids');
/**
 * Our vendor → the system's vendor, where the admin chose one; a vendor not in it is matched by name in
 * the system, or created there.
 */
const vendorMap = idMap('Vendor map must map vendor ids to the system’s vendor ids');

export const MAX_EMAIL_RECIPIENTS = 10;
const emailAddress = z.email();
/**
 * An EMAIL integration's recipients: a list of addresses (an array, its JSON, or text separated by commas,
 * semicolons or new lines, as the form's field sends it), each valid, at most MAX_EMAIL_RECIPIENTS; kept
 * as its JSON since config values are strings.
 */
const recipients = z
  .preprocess(
    (v) =>
      typeof v === 'string'
        ? v.trim().startsWith('[')
          ? parseJson(v)
          : v.split(/[\s,;]+/).filter(Boolean)
        : v,
    z
      .array(z.string().trim().toLowerCase(), { error: 'Recipients must be a list of e-mail addresses' })
      // On the list itself (not one entry), so the form's single field shows it, naming the address.
      .superRefine((list, ctx) => {
        const bad = list.find((address) => !emailAddress.safeParse(address).success);
        if (bad !== undefined)
          ctx.addIssue({ code: 'custom', message: `Not a valid e-mail address: ${bad}` });
      })
      .transform((list) => [...new Set(list)])
      .pipe(
        z
          .array(z.string())
          .min(1, 'Add at least one recipient')
          .max(MAX_EMAIL_RECIPIENTS, `At most ${MAX_EMAIL_RECIPIENTS} recipients`),
      ),
  )
  .transform((list) => JSON.stringify(list));

/** The recipients of an EMAIL integration's stored config. */
export function emailRecipients(config: Record<string, string | null | undefined>): string[] {
  const parsed = recipients.safeParse(config.recipients);
  return parsed.success ? (JSON.parse(parsed.data) as string[]) : [];
}

/** Config per integration type (spec section 5, and EMAIL); unknown keys are dropped. */
export const INTEGRATION_CONFIG_SCHEMAS = {
  MAKE_COM: z.object({ apiUrl: url, apiKey: optionalSecret }),
  /** username/password are the Propertyware API client id and secret (sent in its x-propertyware-* headers). */
  PROPERTYWARE: z.object({
    apiUrl: url,
    username: z.string().trim().min(1, 'Username is required').max(200),
    password: z.string().min(1, 'Password is required').max(500),
    /** The Propertyware system (x-propertyware-system-id); needed to sync. */
    systemId: optionalId,
    /** The GL account of a split whose category has no entry in `accountMap`. */
    defaultGlAccountId: optionalId,
    /** The GL account of a bill's tax split; the default GL account when unset. */
    taxGlAccountId: optionalId,
    accountMap: idMap('Account map must map category ids to GL account ids'),
    /** The portfolio of a split whose property has no entry in `propertyMap`. */
    defaultPortfolioId: optionalId,
    propertyMap,
    vendorMap,
  }),
  QUICKBOOKS: z.object({
    /** An access token (pasted, or from the OAuth connect); sent as Bearer. */
    apiKey: z.string().trim().min(1, 'API key is required').max(500),
    /**
     * The API base: empty for QuickBooks Online itself, a sandbox's or the local fake's otherwise. An older
     * value that already ends in /v3/company/<realmId> is used as is.
     */
    apiUrl: z.union([z.literal(''), url]).optional(),
    /** The QuickBooks company id the bills are posted to. */
    realmId: optionalId,
    /** The expense account of a line whose category has no entry in `accountMap`. */
    defaultAccountId: optionalId,
    /** The account of a bill's tax line; the default account when unset. */
    taxAccountId: optionalId,
    accountMap,
    /** Optional tracking: a property's QuickBooks Class (on each line) and Location (the bill's department). */
    classMap: idMap('Class map must map property ids to class ids'),
    locationMap: idMap('Location map must map property ids to location ids'),
    vendorMap,
  }),
  EMAIL: z.object({ recipients }),
} as const;
/** Config fields that are secrets: stored, used by the sync, and only ever answered masked. */
/** `accessToken`/`refreshToken`: QuickBooks OAuth tokens, written by the connect flow and the sync's refresh. */
export const INTEGRATION_SECRET_FIELDS = ['apiKey', 'password', 'accessToken', 'refreshToken'] as const;

export const integrationInputSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      name: integrationName,
      type: z.literal('MAKE_COM'),
      config: INTEGRATION_CONFIG_SCHEMAS.MAKE_COM,
    }),
    z.object({
      name: integrationName,
      type: z.literal('PROPERTYWARE'),
      config: INTEGRATION_CONFIG_SCHEMAS.PROPERTYWARE,
    }),
    z.object({
      name: integrationName,
      type: z.literal('QUICKBOOKS'),
      config: INTEGRATION_CONFIG_SCHEMAS.QUICKBOOKS,
    }),
    z.object({
      name: integrationName,
      type: z.literal('EMAIL'),
      config: INTEGRATION_CONFIG_SCHEMAS.EMAIL,
    }),
  ],
  { error: 'Type must be one of MAKE_COM, PROPERTYWARE, QUICKBOOKS, EMAIL' },
);
export type IntegrationInput = z.infer<typeof integrationInputSchema>;

/**
 * Editing keeps the type. Config fields are merged over the stored ones and the result is validated as
 * on create; a secret sent empty or in its masked form keeps the stored secret.
 */
export const integrationUpdateSchema = z.object({
  name: integrationName.optional(),
  status: z.enum(['ACTIVE', 'INACTIVE']).optional(),
  config: z.record(z.string().max(50), z.string().max(2000).nullable()).optional(),
  version: z.number().int().min(1).optional(),
});

/** What the browser brings back from Intuit's consent page (the query of the redirect). */
export const quickBooksCallbackSchema = z.object({
  code: z.string().trim().min(1, 'code is required').max(512),
  state: z.string().trim().min(1, 'state is required').max(200),
  realmId: z
    .string()
    .trim()
    .regex(/^\d{1,32}$/, 'realmId must be the QuickBooks company id'),
});
export type QuickBooksCallback = z.infer<typeof quickBooksCallbackSchema>;

/** Where to send the browser to connect QuickBooks (Intuit's consent page). */
export const quickBooksConnectSchema = z.object({ authorizeUrl: z.string() });

export const integrationTestResultSchema = z.object({
  ok: z.boolean(),
  /**
   * Always null now: the answer is only ok or failed with a generic reason, never what the endpoint said
   * (kept nullable for clients of the earlier answer that carried the remote status).
   */
  status: z.number().int().nullable(),
  message: z.string(),
  integration: integrationSchema,
});

/** One record of the connected system a mapping can point at (an account, a class, a portfolio, a vendor). */
export const remoteOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** What kind it is, as the system says (QuickBooks' AccountType, Propertyware's account type). */
  detail: z.string().nullable(),
});
export type RemoteOption = z.infer<typeof remoteOptionSchema>;

/**
 * What the connected system offers to map onto, read from it when the admin opens the mapping: accounts
 * (QuickBooks' chart of accounts, Propertyware's GL accounts), QuickBooks classes, Propertyware portfolios
 * and the system's vendors. A list the system does not have is empty.
 */
export const integrationOptionsSchema = z.object({
  accounts: z.array(remoteOptionSchema),
  classes: z.array(remoteOptionSchema),
  portfolios: z.array(remoteOptionSchema),
  vendors: z.array(remoteOptionSchema),
});
export type IntegrationOptions = z.infer<typeof integrationOptionsSchema>;

/**
 * Config fields the connection itself writes (the OAuth tokens), which no form sends: an edit keeps them.
 * An edit of the settings validated them away once, and the integration silently lost its connection.
 */
export const INTEGRATION_CONNECTION_FIELDS = ['accessToken', 'refreshToken', 'accessTokenExpiresAt'] as const;

export const WEBHOOK_EVENTS = [
  'invoice.uploaded',
  'invoice.processed',
  'invoice.review_required',
  'invoice.approved',
  'invoice.rejected',
  'invoice.synced',
  'invoice.reopened',
  'invoice.voided',
] as const;
export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  /** Only whether a secret is set; the secret itself is write-only. */
  hasSecret: z.boolean(),
  secret: z.string().nullable(),
  status: z.enum(['ACTIVE', 'INACTIVE', 'FAILING']),
  lastDeliveryAt: isoDateTime.nullable(),
  lastDeliveryStatus: z.number().int().nullable(),
  /** Why the endpoint was switched off (INACTIVE), null while it is on. */
  disabledReason: z.string().nullable().optional(),
  createdAt: isoDateTime,
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhookInputSchema = z.object({
  url: z.string().trim().min(1, 'URL is required').pipe(url),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `Events must be among ${WEBHOOK_EVENTS.join(', ')}` }))
    .min(1, 'Choose at least one event')
    .max(WEBHOOK_EVENTS.length * 4)
    .default(['invoice.processed'])
    .transform((events) => [...new Set(events)]),
  /** A given secret must be a Standard Webhooks one; none given, the API generates it. */
  secret: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || isStandardWebhookSecret(v), {
      error: 'Secret must be whsec_ followed by the base64 of 24 to 64 random bytes',
    }),
});

/**
 * A Standard Webhooks secret: `whsec_` + base64 of 24–64 bytes (32–88 characters, a multiple of 4).
 * Written without Buffer so the web form can use it too.
 */
export function isStandardWebhookSecret(secret: string): boolean {
  const match = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(secret);
  if (!match || match[1].length % 4 !== 0) return false;
  const padding = match[1].endsWith('==') ? 2 : match[1].endsWith('=') ? 1 : 0;
  const bytes = (match[1].length / 4) * 3 - padding;
  return bytes >= 24 && bytes <= 64;
}

/** One attempt to deliver an event to a webhook, as its delivery log shows it. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  webhookId: z.string(),
  /** The `webhook-id` header: the same on every attempt and resend of one event's delivery. */
  messageId: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  /** When the event happened (with the event and invoice, it names the delivery). */
  eventAt: isoDateTime,
  invoiceId: z.string(),
  attempt: z.number().int().min(1),
  /** Whether a person asked for this attempt (Resend) rather than the retry schedule. */
  resend: z.boolean(),
  ok: z.boolean(),
  /** HTTP status of the answer, null when nothing answered. */
  statusCode: z.number().int().nullable(),
  latencyMs: z.number().int().min(0),
  /** The first 1 KB of the answer's body, or the error when nothing answered. */
  response: z.string(),
  /** When the next retry is due, null when none follows. */
  nextRetryAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
/** One page of a delivery log, newest first (no total: the log is trimmed by age, not counted). */
export const webhookDeliveryPageSchema = z.object({
  items: z.array(webhookDeliverySchema),
  nextCursor: z.string().nullable(),
});
export const webhookDeliveryQuerySchema = z.object({
  cursor: z.string().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * What an API key may do. Managing keys, webhooks, integrations, members and the organization is not among
 * them, so no key can ever do it, whatever it claims (functions/api/lib/rights.ts).
 */
export const API_KEY_SCOPES = [
  'invoices:read',
  'invoices:upload',
  'invoices:write',
  'invoices:approve',
  'vendors:read',
  'vendors:write',
  'properties:read',
  'properties:write',
  'categories:read',
  'analytics:read',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
/** A key created without a choice: it reads invoices and vendors and uploads invoices (the documented endpoints). */
export const DEFAULT_API_KEY_SCOPES: ApiKeyScope[] = ['invoices:read', 'invoices:upload', 'vendors:read'];
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES, {
  error: `Scopes must be among ${API_KEY_SCOPES.join(', ')}`,
});

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first 8 characters; the full key is only in the create answer. */
  key: z.string(),
  prefix: z.string(),
  isActive: z.boolean(),
  scopes: z.array(apiKeyScopeSchema),
  /** The user id (Cognito sub) of the person who created the key; null for keys older than this field. */
  createdBy: z.string().nullable(),
  lastUsedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyCreateSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100),
  scopes: z
    .array(apiKeyScopeSchema)
    .min(1, 'Choose at least one scope')
    .max(API_KEY_SCOPES.length * 4)
    .default(DEFAULT_API_KEY_SCOPES)
    .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
});
/** The create answer: the only time the full key is shown. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string().regex(/^ipk_[A-Za-z0-9]{40}$/) });

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

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum([
    'processed',
    'review_required',
    'sync_failed',
    'approved',
    'rejected',
    'email',
    'webhook_disabled',
    'approval_requested',
  ]),
  invoiceId: z.string().nullable(),
  message: z.string(),
  read: z.boolean(),
  createdAt: isoDateTime,
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.null(),
  total: z.number().int(),
  unread: z.number().int(),
});
/** Marks the given notifications read, or all of them when `ids` is absent. */
export const notificationsReadSchema = z.object({
  ids: z
    .array(z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Invalid id'))
    .max(100)
    .optional(),
});

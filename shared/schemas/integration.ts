import * as z from 'zod';
import { isoDateTime } from './common';
import { httpUrl } from './form-fields';

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
  MAKE_COM: z.object({ apiUrl: httpUrl, apiKey: optionalSecret }),
  /** username/password are the Propertyware API client id and secret (sent in its x-propertyware-* headers). */
  PROPERTYWARE: z.object({
    apiUrl: httpUrl,
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
    apiUrl: z.union([z.literal(''), httpUrl]).optional(),
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

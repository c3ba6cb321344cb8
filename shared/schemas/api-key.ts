import * as z from 'zod';
import { isoDateTime } from './common';

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

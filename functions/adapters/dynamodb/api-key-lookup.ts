import { createHash } from 'node:crypto';
import { API_KEY_SCOPES, type ApiKeyScope, DEFAULT_API_KEY_SCOPES } from '../../../shared/schemas';
import { nowIso } from './client';
import { itemKind } from './entity';
import { keys } from './keys';

/** API keys are stored only as a SHA-256 hash (and a display prefix); the key itself is never kept. */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

export const API_KEY_PATTERN = /^ipk_[A-Za-z0-9]{32,64}$/;

/** The key's hash → its organization, key item and scopes (written and deleted with the key, in api-keys.ts). */
export const apiKeyLookups = itemKind<{
  orgId: string;
  keyId: string;
  scopes?: unknown;
  isActive?: boolean;
}>()({
  key: keys.apiKeyLookup,
});
/** Only touched here: api-keys.ts owns the key item itself. */
const apiKeyItems = itemKind<object>()({
  key: (orgId: string, keyId: string) => keys.entity(orgId, 'APIKEY', keyId),
});

export interface ResolvedApiKey {
  orgId: string;
  keyId: string;
  scopes: ApiKeyScope[];
}

/** The key a bearer names, with its scopes, or undefined when it is unknown or revoked. */
export async function resolveApiKey(key: string): Promise<ResolvedApiKey | undefined> {
  const hash = hashApiKey(key);
  const lookup = await apiKeyLookups.find([hash]);
  if (!lookup || lookup.isActive === false) return undefined;
  // Keys created before scopes existed act with the default scopes.
  const stored: unknown[] = Array.isArray(lookup.scopes) ? lookup.scopes : DEFAULT_API_KEY_SCOPES;
  const scopes = API_KEY_SCOPES.filter((scope) => stored.includes(scope));
  return { orgId: lookup.orgId, keyId: lookup.keyId, scopes };
}

/** Records the key's last use. Best effort: it is informational, a failure must not fail the request. */
export async function touchApiKey(orgId: string, keyId: string): Promise<void> {
  await apiKeyItems
    .update([orgId, keyId], {
      UpdateExpression: 'SET lastUsedAt = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':now': nowIso() },
    })
    .catch(() => undefined);
}

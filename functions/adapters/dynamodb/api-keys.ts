import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { API_KEY_VISIBLE_PREFIX } from '../../../shared/constants';
import { type ApiKey, type ApiKeyScope, DEFAULT_API_KEY_SCOPES } from '../../../shared/schemas';
import { notFound } from '../../core/errors/app-error';
import { apiKeyLookups, hashApiKey } from './api-key-lookup';
import { nowIso, tableName } from './client';
import { orgEntity, type TransactItems, transact } from './entity';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_BODY_LENGTH = 40;

/**
 * A new API key: `ipk_` and 40 base-62 characters (about 238 bits) from the CSPRNG. Bytes of 248 and more
 * are skipped, so every character is equally likely (248 = 4 × 62).
 */
export function generateApiKey(random: (n: number) => Uint8Array = randomBytes): string {
  let body = '';
  while (body.length < KEY_BODY_LENGTH) {
    for (const byte of random(KEY_BODY_LENGTH)) {
      if (byte < 248 && body.length < KEY_BODY_LENGTH) body += BASE62[byte % 62];
    }
  }
  return `ipk_${body}`;
}

/** What is kept of a key: its hash (for the lookup) and its first characters (to recognize it). */
interface ApiKeyItem {
  id: string;
  name: string;
  prefix: string;
  hash: string;
  isActive: boolean;
  /** Absent on keys created before scopes existed: they act with the default scopes. */
  scopes?: ApiKeyScope[];
  /** The creator's user id; absent on keys created before it was recorded. */
  createdBy?: string;
  lastUsedAt: string | null;
  createdAt: string;
}

const apiKeys = orgEntity<ApiKeyItem>({ type: 'APIKEY', entity: 'ApiKey', label: 'API key' });

/** A key as listed: `key` is only the prefix; the full key is never stored and never shown again. */
const toApiKey = (item: ApiKeyItem): ApiKey => ({
  id: item.id,
  name: item.name,
  key: item.prefix,
  prefix: item.prefix,
  isActive: item.isActive,
  scopes: item.scopes ?? DEFAULT_API_KEY_SCOPES,
  createdBy: item.createdBy ?? null,
  lastUsedAt: item.lastUsedAt ?? null,
  createdAt: item.createdAt,
});

/**
 * Creates a key for the organization, recording its creator and its scopes: the org's item and the global
 * hash lookup the authorizer reads (which carries the scopes, so a call costs one read), in one transaction.
 * Answers the full key, which exists only in this answer.
 */
export async function createApiKey(
  orgId: string,
  input: { name: string; scopes: ApiKeyScope[]; createdBy: string },
): Promise<ApiKey> {
  const key = generateApiKey();
  const item: ApiKeyItem = {
    id: ulid(),
    name: input.name,
    prefix: key.slice(0, API_KEY_VISIBLE_PREFIX),
    hash: hashApiKey(key),
    isActive: true,
    scopes: input.scopes,
    createdBy: input.createdBy,
    lastUsedAt: null,
    createdAt: nowIso(),
  };
  const lookup = { orgId, keyId: item.id, isActive: true, scopes: item.scopes, createdBy: item.createdBy };
  await transact([
    apiKeys.create(orgId, item),
    apiKeyLookups.tx.put([item.hash], lookup, { ConditionExpression: 'attribute_not_exists(PK)' }),
  ]);
  return { ...toApiKey(item), key };
}

const apiKeyItems = (orgId: string) => apiKeys.list(orgId, { newestFirst: true });

/** The organization's keys, newest first. */
export async function listApiKeys(orgId: string): Promise<ApiKey[]> {
  return (await apiKeyItems(orgId)).map(toApiKey);
}

/**
 * The deletes (item and lookup) of every key a person created, for the transaction that removes them from
 * the organization: a removed member's keys stop working together with the member.
 */
export async function apiKeyDeletesOfCreator(orgId: string, userId: string): Promise<TransactItems> {
  return (await apiKeyItems(orgId))
    .filter((item) => item.createdBy === userId)
    .flatMap((item) => [
      { Delete: { TableName: tableName(), Key: apiKeys.key(orgId, item.id) } },
      apiKeyLookups.tx.delete([item.hash]),
    ]);
}

/** Revokes a key at once: its lookup goes in the same transaction as the item, so the next call is 401. */
export async function deleteApiKey(orgId: string, id: string): Promise<void> {
  const { hash } = await apiKeys.get(orgId, id);
  await transact([apiKeys.remove(orgId, id), apiKeyLookups.tx.delete([hash])], () => notFound('API key'));
}

import { createHash } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { API_KEY_SCOPES, type ApiKeyScope, DEFAULT_API_KEY_SCOPES } from '../../../shared/schemas';
import { db, nowIso, tableName } from './client';
import { keys } from './keys';

/** API keys are stored only as a SHA-256 hash (and a display prefix); the key itself is never kept. */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

export const API_KEY_PATTERN = /^ipk_[A-Za-z0-9]{32,64}$/;

export interface ResolvedApiKey {
  orgId: string;
  keyId: string;
  scopes: ApiKeyScope[];
}

/** The key a bearer names, with its scopes, or undefined when it is unknown or revoked. */
export async function resolveApiKey(key: string): Promise<ResolvedApiKey | undefined> {
  const hash = hashApiKey(key);
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.apiKeyLookup(hash) }));
  if (!Item || Item.isActive === false) return undefined;
  // Keys created before scopes existed act with the default scopes.
  const stored: unknown[] = Array.isArray(Item.scopes) ? Item.scopes : DEFAULT_API_KEY_SCOPES;
  const scopes = API_KEY_SCOPES.filter((scope) => stored.includes(scope));
  return { orgId: Item.orgId as string, keyId: Item.keyId as string, scopes };
}

/** Records the key's last use. Best effort: it is informational, a failure must not fail the request. */
export async function touchApiKey(orgId: string, keyId: string): Promise<void> {
  await db()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(orgId, 'APIKEY', keyId),
        UpdateExpression: 'SET lastUsedAt = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':now': nowIso() },
      }),
    )
    .catch(() => undefined);
}

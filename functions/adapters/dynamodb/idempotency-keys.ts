import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { IdempotencyClaim } from '../../core/invoices/upload-records';
import { db, isConditionFailure, nowIso, tableName } from './client';
import { keys } from './keys';

export type { IdempotencyClaim } from '../../core/invoices/upload-records';
export { IdempotencyKeyTaken } from '../../core/invoices/upload-records';

/** How long a key answers with its first invoice: a client retrying later than this makes a new one. */
export const IDEMPOTENCY_KEY_TTL_SECONDS = 24 * 3600;

const keyOf = (orgId: string, key: string) =>
  keys.idempotencyKey(orgId, createHash('sha256').update(key, 'utf8').digest('hex'));

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The Put of a key, for the TransactItems of the write that creates its invoice (or reservation): it
 * succeeds only if the organization has no live item for the key (an expired one TTL has yet to delete
 * counts as none), so of two requests with one key, one creates and the other fails the transaction.
 */
export function idempotencyKeyPut(claim: IdempotencyClaim) {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keyOf(claim.orgId, claim.key),
        entity: 'IdempotencyKey',
        orgId: claim.orgId,
        operation: claim.operation,
        invoiceId: claim.invoiceId,
        createdAt: nowIso(),
        expiresAt: nowSeconds() + IDEMPOTENCY_KEY_TTL_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(PK) OR expiresAt < :now',
      ExpressionAttributeValues: { ':now': nowSeconds() },
    },
  };
}

/** The live claim of a key in this organization, or undefined (never used, or older than 24 h). */
export async function findIdempotencyClaim(
  orgId: string,
  key: string,
): Promise<Omit<IdempotencyClaim, 'key'> | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keyOf(orgId, key), ConsistentRead: true }),
  );
  if (!Item || Number(Item.expiresAt) < nowSeconds()) return undefined;
  return { orgId, operation: Item.operation, invoiceId: String(Item.invoiceId) };
}

/**
 * Frees a key whose invoice is gone (its upload failed and was undone, or it was deleted), so a retry
 * creates one again. Only the claim for that invoice is removed: a newer claim stays.
 */
export async function releaseIdempotencyKey(orgId: string, key: string, invoiceId: string): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keyOf(orgId, key),
        ConditionExpression: 'invoiceId = :id',
        ExpressionAttributeValues: { ':id': invoiceId },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

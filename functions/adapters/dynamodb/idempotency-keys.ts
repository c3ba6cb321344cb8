import { createHash } from 'node:crypto';
import type { IdempotencyClaim } from '../../core/invoices/upload-records';
import { isConditionFailure, nowIso } from './client';
import { itemKind } from './entity';
import { keys } from './keys';

export type { IdempotencyClaim } from '../../core/invoices/upload-records';
export { IdempotencyKeyTaken } from '../../core/invoices/upload-records';

/** How long a key answers with its first invoice: a client retrying later than this makes a new one. */
export const IDEMPOTENCY_KEY_TTL_SECONDS = 24 * 3600;

/** Keyed by the SHA-256 of the client's key: the key itself is never stored. */
const idempotencyKeys = itemKind<Omit<IdempotencyClaim, 'key'> & { createdAt: string; expiresAt: number }>()({
  key: (orgId: string, key: string) =>
    keys.idempotencyKey(orgId, createHash('sha256').update(key, 'utf8').digest('hex')),
  entity: 'IdempotencyKey',
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The Put of a key, for the TransactItems of the write that creates its invoice (or reservation): it
 * succeeds only if the organization has no live item for the key (an expired one TTL has yet to delete
 * counts as none), so of two requests with one key, one creates and the other fails the transaction.
 */
export function idempotencyKeyPut(claim: IdempotencyClaim) {
  return idempotencyKeys.tx.put(
    [claim.orgId, claim.key],
    {
      orgId: claim.orgId,
      operation: claim.operation,
      invoiceId: claim.invoiceId,
      createdAt: nowIso(),
      expiresAt: nowSeconds() + IDEMPOTENCY_KEY_TTL_SECONDS,
    },
    {
      ConditionExpression: 'attribute_not_exists(PK) OR expiresAt < :now',
      ExpressionAttributeValues: { ':now': nowSeconds() },
    },
  );
}

/** The live claim of a key in this organization, or undefined (never used, or older than 24 h). */
export async function findIdempotencyClaim(
  orgId: string,
  key: string,
): Promise<Omit<IdempotencyClaim, 'key'> | undefined> {
  const claim = await idempotencyKeys.find([orgId, key], { consistent: true });
  if (!claim || Number(claim.expiresAt) < nowSeconds()) return undefined;
  return { orgId, operation: claim.operation, invoiceId: String(claim.invoiceId) };
}

/**
 * Frees a key whose invoice is gone (its upload failed and was undone, or it was deleted), so a retry
 * creates one again. Only the claim for that invoice is removed: a newer claim stays.
 */
export async function releaseIdempotencyKey(orgId: string, key: string, invoiceId: string): Promise<void> {
  try {
    await idempotencyKeys.delete([orgId, key], {
      ConditionExpression: 'invoiceId = :id',
      ExpressionAttributeValues: { ':id': invoiceId },
    });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { UploadReservation } from '../../core/invoices/upload-records';
import { db, isConditionFailure, queryAll, tableName } from './client';
import { type IdempotencyClaim, IdempotencyKeyTaken, idempotencyKeyPut } from './idempotency-keys';
import { keys, sortKeyStartsWith } from './keys';

export type { UploadReservation } from '../../core/invoices/upload-records';

const TYPE = 'UPLOAD';

/** Stores the reservation; with `idempotency`, the client's key in the same transaction (see createInvoice). */
export async function putReservation(
  reservation: UploadReservation,
  idempotency?: IdempotencyClaim,
): Promise<void> {
  const put = {
    TableName: tableName(),
    Item: {
      ...keys.entity(reservation.orgId, TYPE, reservation.invoiceId),
      entity: 'UploadReservation',
      ...reservation,
      expiresAt: Math.floor(Date.now() / 1000) + 86_400,
    },
  };
  if (!idempotency) {
    await db().send(new PutCommand(put));
    return;
  }
  try {
    await db().send(
      new TransactWriteCommand({ TransactItems: [{ Put: put }, idempotencyKeyPut(idempotency)] }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new IdempotencyKeyTaken('The Idempotency-Key is taken');
    throw error;
  }
}

export async function findReservation(
  orgId: string,
  invoiceId: string,
): Promise<UploadReservation | undefined> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.entity(orgId, TYPE, invoiceId),
      ConsistentRead: true,
    }),
  );
  return Item as UploadReservation | undefined;
}

export async function deleteReservation(orgId: string, invoiceId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.entity(orgId, TYPE, invoiceId) }));
}

/** The organization's announced browser uploads (the local runner resumes them after a restart). */
export async function listReservations(orgId: string): Promise<UploadReservation[]> {
  return (await queryAll(sortKeyStartsWith(keys.orgPk(orgId), `${TYPE}#`))) as unknown as UploadReservation[];
}

import type { UploadReservation } from '../../core/invoices/upload-records';
import { isConditionFailure } from './client';
import { itemKind, transact } from './entity';
import { type IdempotencyClaim, IdempotencyKeyTaken, idempotencyKeyPut } from './idempotency-keys';
import { keys } from './keys';

export type { UploadReservation } from '../../core/invoices/upload-records';

const TYPE = 'UPLOAD';

/** An announced browser upload, kept a day (its `expiresAt` TTL) in case the file never arrives. */
const reservations = itemKind<UploadReservation>()({
  key: (orgId: string, invoiceId: string) => keys.entity(orgId, TYPE, invoiceId),
  collection: (orgId: string) => ({ PK: keys.orgPk(orgId), prefix: `${TYPE}#` }),
  entity: 'UploadReservation',
  hidden: ['expiresAt'],
});

/** Stores the reservation; with `idempotency`, the client's key in the same transaction (see createInvoice). */
export async function putReservation(
  reservation: UploadReservation,
  idempotency?: IdempotencyClaim,
): Promise<void> {
  const composites: [string, string] = [reservation.orgId, reservation.invoiceId];
  const value = { ...reservation, expiresAt: Math.floor(Date.now() / 1000) + 86_400 };
  if (!idempotency) return reservations.put(composites, value);
  try {
    await transact([reservations.tx.put(composites, value), idempotencyKeyPut(idempotency)]);
  } catch (error) {
    if (isConditionFailure(error)) throw new IdempotencyKeyTaken('The Idempotency-Key is taken');
    throw error;
  }
}

export const findReservation = (orgId: string, invoiceId: string): Promise<UploadReservation | undefined> =>
  reservations.find([orgId, invoiceId], { consistent: true });

export async function deleteReservation(orgId: string, invoiceId: string): Promise<void> {
  await reservations.delete([orgId, invoiceId]);
}

/** The organization's announced browser uploads (the local runner resumes them after a restart). */
export const listReservations = (orgId: string): Promise<UploadReservation[]> => reservations.list([orgId]);

import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryAll, tableName } from './client';
import { keys, sortKeyStartsWith } from './keys';

const TYPE = 'UPLOAD';

/**
 * A browser upload is announced before its bytes arrive: the reservation remembers who uploads what,
 * and the invoice itself is only created once the object exists (by the workflow's Register state), so
 * an abandoned upload leaves nothing behind. Reservations expire after a day (TTL).
 */
export interface UploadReservation {
  orgId: string;
  invoiceId: string;
  objectKey: string;
  filename: string;
  contentType: string;
  size: number;
  uploadedBy: string;
  /** The uploader's display name when the upload was announced (absent on older reservations). */
  uploadedByName?: string | null;
  createdAt: string;
}

export async function putReservation(reservation: UploadReservation): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.entity(reservation.orgId, TYPE, reservation.invoiceId),
        entity: 'UploadReservation',
        ...reservation,
        expiresAt: Math.floor(Date.now() / 1000) + 86_400,
      },
    }),
  );
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

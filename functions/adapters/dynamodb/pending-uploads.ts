import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryAll, tableName } from './client';
import { keys } from './keys';

/**
 * An API upload between its invoice's creation and its file's storage. The marker is written in the
 * invoice's own create transaction and deleted once the file is stored, so what is left of it after a
 * while is an upload a crash interrupted. Markers expire after two days (TTL) in case a sweep misses one.
 */
export interface PendingUpload {
  orgId: string;
  invoiceId: string;
  createdAt: string;
}

export function pendingUploadItem(upload: { orgId: string; id: string; createdAt: string }) {
  return {
    ...keys.pendingUpload(upload.createdAt, upload.orgId, upload.id),
    entity: 'PendingUpload',
    orgId: upload.orgId,
    invoiceId: upload.id,
    createdAt: upload.createdAt,
    expiresAt: Math.floor(Date.parse(upload.createdAt) / 1000) + 2 * 86_400,
  };
}

/** Pending uploads whose invoice was created before `before`, oldest first. */
export async function listPendingUploads(before: Date): Promise<PendingUpload[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK < :before',
    ExpressionAttributeValues: { ':pk': keys.pendingUploadsPk, ':before': before.toISOString() },
    ProjectionExpression: 'orgId, invoiceId, createdAt',
  });
  return items as unknown as PendingUpload[];
}

export async function deletePendingUpload(upload: PendingUpload): Promise<void> {
  await db().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: keys.pendingUpload(upload.createdAt, upload.orgId, upload.invoiceId),
    }),
  );
}

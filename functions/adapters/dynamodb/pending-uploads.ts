import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { PendingUpload } from '../../core/invoices/upload-records';
import { db, queryAll, tableName } from './client';
import { keys } from './keys';

export type { PendingUpload } from '../../core/invoices/upload-records';

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

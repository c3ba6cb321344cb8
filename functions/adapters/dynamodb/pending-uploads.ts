import type { PendingUpload } from '../../core/invoices/upload-records';
import { queryAll } from './client';
import { itemKind } from './entity';
import { keys } from './keys';

export type { PendingUpload } from '../../core/invoices/upload-records';

const pendingUploads = itemKind<PendingUpload>()({ key: keys.pendingUpload, entity: 'PendingUpload' });

export function pendingUploadItem(upload: { orgId: string; id: string; createdAt: string }) {
  return pendingUploads.stored([upload.createdAt, upload.orgId, upload.id], {
    orgId: upload.orgId,
    invoiceId: upload.id,
    createdAt: upload.createdAt,
    expiresAt: Math.floor(Date.parse(upload.createdAt) / 1000) + 2 * 86_400,
  });
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
  await pendingUploads.delete([upload.createdAt, upload.orgId, upload.invoiceId]);
}

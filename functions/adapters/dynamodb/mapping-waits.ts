import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { MappingWait } from '../../core/integrations/integration';
import { db, queryAll, tableName } from './client';
import { keys } from './keys';

export type { MappingWait } from '../../core/integrations/integration';

/**
 * Approved invoices whose bill waits until the integration's accounts are mapped (`keys.mappingWait`):
 * written by the sync when it finds the mapping incomplete, read and cleared when an admin completes it.
 */
export const mappingWaits = {
  async add(orgId: string, integrationId: string, wait: MappingWait): Promise<void> {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.mappingWait(orgId, integrationId, wait.invoiceId), entity: 'MappingWait', ...wait },
      }),
    );
  },
  async list(orgId: string, integrationId: string): Promise<MappingWait[]> {
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.org(orgId).PK,
        ':prefix': keys.mappingWaitPrefix(integrationId),
      },
    });
    return items.map((i) => ({ invoiceId: String(i.invoiceId), approvedAt: String(i.approvedAt) }));
  },
  async remove(orgId: string, integrationId: string, invoiceId: string): Promise<void> {
    await db().send(
      new DeleteCommand({ TableName: tableName(), Key: keys.mappingWait(orgId, integrationId, invoiceId) }),
    );
  },
};

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Usage } from '../../core/organizations/organization';
import { db, nowIso, tableName } from './client';
import { updateIf } from './entity';
import { keys, monthOf } from './keys';

export type { Usage } from '../../core/organizations/organization';

export async function getUsage(orgId: string, month = monthOf(nowIso())): Promise<Usage> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.usage(orgId, month) }));
  return { invoices: (Item?.invoices as number) ?? 0, apiCalls: (Item?.apiCalls as number) ?? 0 };
}

/**
 * Counts one API-key call against this month's usage (shown as apiUsed / apiQuota), unless the month's
 * `quota` is used up: then nothing is counted and the answer is false. One conditional write, so
 * concurrent calls can never go past the quota.
 */
export async function countApiCall(orgId: string, quota: number): Promise<boolean> {
  const counted = await updateIf({
    Key: keys.usage(orgId, monthOf(nowIso())),
    UpdateExpression: 'ADD apiCalls :one',
    ConditionExpression: 'attribute_not_exists(apiCalls) OR apiCalls < :quota',
    ExpressionAttributeValues: { ':one': 1, ':quota': quota },
  });
  return counted !== undefined;
}

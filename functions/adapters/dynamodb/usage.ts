import type { Usage } from '../../core/organizations/organization';
import { nowIso } from './client';
import { itemKind } from './entity';
import { keys, monthOf } from './keys';

export type { Usage } from '../../core/organizations/organization';

/** One month's counters of an organization; counters never moved are absent. */
const usage = itemKind<Partial<Usage>>()({ key: keys.usage });

export async function getUsage(orgId: string, month = monthOf(nowIso())): Promise<Usage> {
  const counted = await usage.find([orgId, month]);
  return { invoices: counted?.invoices ?? 0, apiCalls: counted?.apiCalls ?? 0 };
}

/**
 * Counts one API-key call against this month's usage (shown as apiUsed / apiQuota), unless the month's
 * `quota` is used up: then nothing is counted and the answer is false. One conditional write, so
 * concurrent calls can never go past the quota.
 */
export async function countApiCall(orgId: string, quota: number): Promise<boolean> {
  const counted = await usage.updateIf([orgId, monthOf(nowIso())], {
    UpdateExpression: 'ADD apiCalls :one',
    ConditionExpression: 'attribute_not_exists(apiCalls) OR apiCalls < :quota',
    ExpressionAttributeValues: { ':one': 1, ':quota': quota },
  });
  return counted !== undefined;
}

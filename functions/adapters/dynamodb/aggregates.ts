import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Contribution } from '../../core/invoices/aggregates';
import { db, queryAll, tableName } from './client';
import { keys, sortKeyStartsWith } from './keys';

type TransactItem = {
  Update: {
    TableName: string;
    Key: Record<string, string>;
    UpdateExpression: string;
    ExpressionAttributeNames: Record<string, string>;
    ExpressionAttributeValues: Record<string, unknown>;
  };
};

/** One ADD update per aggregate bucket, to be written in the same transaction as the invoice change. */
export function aggregateUpdates(
  orgId: string,
  delta: Contribution,
  labels: Record<string, string> = {},
): TransactItem[] {
  return Object.entries(delta).map(([bucket, fields]) => {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const adds = Object.entries(fields).map(([field, value], i) => {
      names[`#f${i}`] = field;
      values[`:v${i}`] = value;
      return `#f${i} :v${i}`;
    });
    let expression = `ADD ${adds.join(', ')}`;
    if (labels[bucket]) {
      names['#label'] = 'label';
      values[':label'] = labels[bucket];
      expression += ' SET #label = :label';
    }
    return {
      Update: {
        TableName: tableName(),
        Key: keys.stats(orgId, bucket),
        UpdateExpression: expression,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    };
  });
}

export type AggregateItem = Record<string, number | string | undefined> & { label?: string };

export async function getAggregate(orgId: string, bucket: string): Promise<AggregateItem> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.stats(orgId, bucket) }),
  );
  return (Item ?? {}) as AggregateItem;
}

/** All aggregate items whose bucket starts with `prefix` (e.g. `MONTH#`, `VENDOR#`): bounded by months, vendors, categories. */
export async function listAggregates(
  orgId: string,
  prefix: string,
): Promise<(AggregateItem & { bucket: string })[]> {
  const items = await queryAll(sortKeyStartsWith(keys.orgPk(orgId), `STATS#${prefix}`));
  return items.map((item) => ({ ...(item as AggregateItem), bucket: String(item.SK).slice(6) }));
}

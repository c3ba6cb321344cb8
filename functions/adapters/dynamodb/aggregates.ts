import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
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
  const items = await queryAll(sortKeyStartsWith(keys.orgPk(orgId), `${keys.statsPrefix}${prefix}`));
  return items.map(withBucket);
}

const withBucket = (item: Record<string, unknown>) => ({
  ...(item as AggregateItem),
  bucket: String(item.SK).slice(keys.statsPrefix.length),
});

/** The given months' buckets (`YYYY-MM`, at most 100) in one batch read; months without invoices are absent. */
export async function getMonthAggregates(
  orgId: string,
  months: string[],
): Promise<(AggregateItem & { bucket: string })[]> {
  const { Responses } = await db().send(
    new BatchGetCommand({
      RequestItems: { [tableName()]: { Keys: months.map((m) => keys.stats(orgId, keys.monthBucket(m))) } },
    }),
  );
  return (Responses?.[tableName()] ?? []).map(withBucket);
}

/** The newest invoice's last change: one item read, newest first. */
export async function lastInvoiceActivityAt(orgId: string): Promise<string | null> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      ...sortKeyStartsWith(keys.orgPk(orgId), keys.invoicePrefix),
      ProjectionExpression: 'updatedAt',
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  return (Items?.[0]?.updatedAt as string | undefined) ?? null;
}

export interface OrganizationCounts {
  totalUsers: number;
  totalInvoices: number;
  totalProperties: number;
  totalVendors: number;
}

/**
 * The organization page's tiles, from the TOTALS aggregate: users are counted at provisioning, invoices
 * by every invoice write, vendors and properties in the same transaction as their create and delete.
 */
export async function getOrganizationCounts(orgId: string): Promise<OrganizationCounts> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.stats(orgId, keys.totalsBucket),
      ConsistentRead: true,
    }),
  );
  const n = (field: string) => Math.max(0, Number(Item?.[field] ?? 0));
  return {
    totalUsers: n('userCount'),
    totalInvoices: n('invoiceCount'),
    totalProperties: n('propertyCount'),
    totalVendors: n('vendorCount'),
  };
}

/** The most keys one BatchGet reads. */
const BATCH_GET_LIMIT = 100;

/**
 * The named buckets' items, in batches of 100 read in parallel (keys DynamoDB left unprocessed are read
 * again); buckets nothing counted in yet are absent. The AP reports read a few hundred at most.
 */
export async function getAggregates(
  orgId: string,
  buckets: readonly string[],
): Promise<(AggregateItem & { bucket: string })[]> {
  const unique = [...new Set(buckets)];
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += BATCH_GET_LIMIT) chunks.push(unique.slice(i, i + BATCH_GET_LIMIT));
  const pages = await Promise.all(
    chunks.map(async (chunk) => {
      const found: Record<string, unknown>[] = [];
      let wanted: Record<string, unknown>[] = chunk.map((bucket) => keys.stats(orgId, bucket));
      for (let attempt = 0; wanted.length > 0; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(500, 20 * 2 ** attempt)));
        const { Responses, UnprocessedKeys } = await db().send(
          new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: wanted } } }),
        );
        found.push(...(Responses?.[tableName()] ?? []));
        wanted = (UnprocessedKeys?.[tableName()]?.Keys ?? []) as Record<string, unknown>[];
      }
      return found;
    }),
  );
  return pages.flat().map(withBucket);
}

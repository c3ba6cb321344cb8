import type { Contribution } from '../../core/invoices/aggregates';
import { itemKind, readMany } from './entity';
import { invoices } from './invoice-item';
import { keys } from './keys';

export type AggregateItem = Record<string, number | string | undefined> & { label?: string };

/**
 * The aggregate items (`STATS#<bucket>` in the organization's partition): counters and sums moved in the
 * transaction of every write they count, answered as stored (keys included), as they always were.
 */
export const aggregateItems = itemKind<AggregateItem>()({
  key: keys.stats,
  collection: (orgId: string, prefix: string) => ({
    PK: keys.orgPk(orgId),
    prefix: `${keys.statsPrefix}${prefix}`,
  }),
});

/** One ADD update per aggregate bucket, to be written in the same transaction as the invoice change. */
export function aggregateUpdates(orgId: string, delta: Contribution, labels: Record<string, string> = {}) {
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
    return aggregateItems.tx.update([orgId, bucket], {
      UpdateExpression: expression,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    });
  });
}

export async function getAggregate(orgId: string, bucket: string): Promise<AggregateItem> {
  return ((await aggregateItems.read([orgId, bucket])) ?? {}) as AggregateItem;
}

/** All aggregate items whose bucket starts with `prefix` (e.g. `MONTH#`, `VENDOR#`): bounded by months, vendors, categories. */
export async function listAggregates(
  orgId: string,
  prefix: string,
): Promise<(AggregateItem & { bucket: string })[]> {
  return (await aggregateItems.readAll([orgId, prefix])).map(withBucket);
}

const withBucket = (item: Record<string, unknown>) => ({
  ...(item as AggregateItem),
  bucket: String(item.SK).slice(keys.statsPrefix.length),
});

/** The given months' buckets (`YYYY-MM`, at most 100) in one batch read; months without invoices are absent. */
export const getMonthAggregates = (orgId: string, months: string[]) =>
  getAggregates(orgId, months.map(keys.monthBucket));

/** The newest invoice's last change: one item read, newest first. */
export async function lastInvoiceActivityAt(orgId: string): Promise<string | null> {
  const { items } = await invoices.page([orgId], {
    ProjectionExpression: 'updatedAt',
    newestFirst: true,
    limit: 1,
  });
  return (items[0]?.updatedAt as string | undefined) ?? null;
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
  const item = await aggregateItems.read([orgId, keys.totalsBucket], { consistent: true });
  const n = (field: string) => Math.max(0, Number(item?.[field] ?? 0));
  return {
    totalUsers: n('userCount'),
    totalInvoices: n('invoiceCount'),
    totalProperties: n('propertyCount'),
    totalVendors: n('vendorCount'),
  };
}

/**
 * The named buckets' items (entity.ts readMany: batches of 100 read in parallel, keys DynamoDB left
 * unprocessed read again); buckets nothing counted in yet are absent. The AP reports read a few hundred at most.
 */
export async function getAggregates(
  orgId: string,
  buckets: readonly string[],
): Promise<(AggregateItem & { bucket: string })[]> {
  const unique = [...new Set(buckets)];
  return (await readMany(unique.map((bucket) => keys.stats(orgId, bucket)))).map(withBucket);
}

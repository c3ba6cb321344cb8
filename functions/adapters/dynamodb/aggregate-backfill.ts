import { GetCommand, PutCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { type BackfillResult, backfillAggregates } from '../../core/invoices/backfill-aggregates';
import { AGGREGATES_SCHEME, type InvoiceItem } from '../../core/invoices/invoice';
import { db, tableName } from './client';
import { fromStored } from './invoices';
import { keys, sortKeyStartsWith } from './keys';

/**
 * What the aggregates' backfill (core/invoices/backfill-aggregates.ts) reads and marks: the invoices of
 * an organization page by page, the organizations, and a mark that an organization's invoices were all
 * brought to a scheme (so a restart does not walk them again).
 */

/** The bucket-like item that records the scheme an organization's invoices were backfilled to. */
const MARK_BUCKET = 'AP#BACKFILL';

/** One page of the organization's invoices, in id order, after the invoice id `after`. */
export async function invoicePage(
  orgId: string,
  after: string | null,
  limit = 200,
): Promise<{ items: InvoiceItem[]; next: string | null }> {
  const range = sortKeyStartsWith(keys.orgPk(orgId), keys.invoicePrefix);
  const { Items, LastEvaluatedKey } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      ...range,
      ...(after ? { ExclusiveStartKey: keys.invoice(orgId, after) } : {}),
      ConsistentRead: true,
      Limit: limit,
    }),
  );
  const items = (Items ?? []).map(fromStored);
  return { items, next: LastEvaluatedKey ? (items.at(-1)?.id ?? null) : null };
}

/** The scheme the organization's invoices were backfilled to (0: never). */
export async function aggregatesBackfilled(orgId: string): Promise<number> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.stats(orgId, MARK_BUCKET), ConsistentRead: true }),
  );
  return Number(Item?.scheme ?? 0);
}

export async function markAggregatesBackfilled(orgId: string, scheme: number): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.stats(orgId, MARK_BUCKET), scheme, at: new Date().toISOString() },
    }),
  );
}

/**
 * Every organization's id: a scan of the table for the organization items, for the operator's backfill
 * script and the local start-up (never a request path).
 */
export async function organizationIds(): Promise<string[]> {
  const ids: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'SK = :org',
        ExpressionAttributeValues: { ':org': 'ORG' },
        ProjectionExpression: 'PK',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) ids.push(String(item.PK).slice('ORG#'.length));
    start = page.LastEvaluatedKey;
  } while (start);
  return ids;
}

/** The table-wide mark: every organization was backfilled to this scheme (an organization made since writes it). */
const EVERYONE = { PK: 'AGGREGATES_BACKFILL', SK: 'AGGREGATES_BACKFILL' };

/**
 * Backfills every organization, one after the other (the operator's `npm run backfill:aggregates` and the
 * local start-up); core's ports must be provided. Once all were done the table is marked, so a later run
 * reads one item instead of scanning for organizations (organizations made since only ever wrote the
 * current scheme); `force` walks every organization again.
 */
export async function backfillEveryOrganization(
  onResult: (result: BackfillResult) => void,
  options: { force?: boolean } = {},
): Promise<void> {
  if (!options.force) {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: EVERYONE, ConsistentRead: true }),
    );
    if (Number(Item?.scheme ?? 0) >= AGGREGATES_SCHEME) return;
  }
  for (const orgId of await organizationIds()) onResult(await backfillAggregates(orgId, options));
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...EVERYONE, scheme: AGGREGATES_SCHEME, at: new Date().toISOString() },
    }),
  );
}

import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { encodeTime } from 'ulid';
import type { InvoiceListQuery, InvoiceStatus } from '../../../shared/schemas';
import { vendorNameKey } from '../../core/invoices/aggregates';
import type { InvoiceItem } from '../../core/invoices/invoice';
import { getAggregate } from './aggregates';
import { db, queryAll, tableName } from './client';
import { decodeCursor, encodeCursor } from './cursor';
import { findInvoice, fromStored } from './invoices';
import { AFTER_EVERY_KEY_CHARACTER, keys, sortKeyStartsWith } from './keys';

/** Reading many invoices: the list (filters, search, cursor, count), by vendor, and those awaiting a decision. */

const STATUSES_BY_PROCESSING: Record<string, InvoiceStatus[]> = {
  processed: ['PROCESSED', 'APPROVED', 'REJECTED'],
  processing: ['UPLOADED', 'PROCESSING'],
  review_needed: ['REVIEW_REQUIRED'],
};

/** ULID bounds for a time range: ULIDs start with their creation time, so SK ranges are date ranges. */
function idRange(query: InvoiceListQuery): { low: string; high: string } | undefined {
  let fromMs: number | undefined;
  let toMs: number | undefined;
  if (query.days) fromMs = Date.now() - query.days * 86_400_000;
  if (query.from) fromMs = Math.max(fromMs ?? 0, Date.parse(`${query.from}T00:00:00Z`));
  if (query.to) toMs = Date.parse(`${query.to}T23:59:59.999Z`);
  if (fromMs === undefined && toMs === undefined) return undefined;
  return {
    low: keys.invoiceSk(encodeTime(Math.max(0, fromMs ?? 0), 10)),
    high: keys.invoiceSk(
      `${encodeTime(Math.min(toMs ?? Date.now() + 86_400_000, 2 ** 48 - 1), 10)}ZZZZZZZZZZZZZZZZZ`,
    ),
  };
}

export interface InvoicePage {
  items: InvoiceItem[];
  nextCursor: string | null;
  total: number;
  /** Counting stopped at its read budget: at least `total` invoices match. */
  totalIsLowerBound?: boolean;
}

/**
 * Most invoice items one request may read to fill a filtered page, and to count a filtered list. A
 * search is a filter over the organization's partition, newest first, so its cost grows with the
 * partition: without a bound one search over 100k invoices read every item twice (page, then count).
 * With it a request stays fast at any size; a page the budget cut short still carries a cursor that
 * continues where reading stopped, and a count cut short says it is a lower bound.
 */
export const FILTERED_READ_BUDGET = 4_000;

/**
 * Newest first, filtered by status (on its index), processing status, search text and date range,
 * paginated with an opaque cursor. `count: false` skips the total (the CSV export walks every page).
 */
export async function listInvoices(
  orgId: string,
  query: InvoiceListQuery,
  { count = true, readBudget = FILTERED_READ_BUDGET }: { count?: boolean; readBudget?: number } = {},
): Promise<InvoicePage> {
  const limit = query.limit ?? 25;
  const status =
    query.status === 'REQUIRES_REVIEW'
      ? 'REVIEW_REQUIRED'
      : query.status === 'ALL'
        ? undefined
        : query.status;
  const range = idRange(query);
  const useStatusIndex = Boolean(status);
  const pk = useStatusIndex ? keys.statusIndex(orgId, status as string) : keys.orgPk(orgId);
  const pkName = useStatusIndex ? 'GSI1PK' : 'PK';
  const skName = useStatusIndex ? 'GSI1SK' : 'SK';
  const bounds = range
    ? { ':low': range.low, ':high': range.high }
    : { ':low': keys.invoicePrefix, ':high': keys.invoiceSk(AFTER_EVERY_KEY_CHARACTER) };
  const values: Record<string, unknown> = { ':pk': pk, ...bounds };
  const keyCondition = `${pkName} = :pk AND ${skName} BETWEEN :low AND :high`;
  const filters: string[] = [];
  const names: Record<string, string> = {};
  if (query.search) {
    filters.push('contains(searchText, :q)');
    values[':q'] = query.search.toLowerCase();
  }
  if (query.processingStatus && !status) {
    const statuses = STATUSES_BY_PROCESSING[query.processingStatus];
    names['#status'] = 'status';
    filters.push(`#status IN (${statuses.map((_, i) => `:s${i}`).join(', ')})`);
    statuses.forEach((s, i) => {
      values[`:s${i}`] = s;
    });
  }
  // Invoice children live in their own partitions, but guard anyway: only invoice items are listed.
  filters.push('entity = :entity');
  values[':entity'] = 'Invoice';
  const base: QueryCommandInput = {
    TableName: tableName(),
    ...(useStatusIndex ? { IndexName: 'GSI1' } : {}),
    KeyConditionExpression: keyCondition,
    FilterExpression: filters.join(' AND '),
    ExpressionAttributeValues: values,
    ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ScanIndexForward: false,
  };

  const filtered = Boolean(query.search || (query.processingStatus && !status));
  // The count does not depend on the page: read both at once.
  const counting = count ? countInvoices(orgId, query, base, status, readBudget) : undefined;
  // If reading the page fails first, the count's own failure must not surface as an unhandled rejection.
  counting?.catch(() => undefined);
  const items: InvoiceItem[] = [];
  // A cursor continues the query it came from: this partition or status index and this key range.
  const cursorScope = `INVOICE|${pkName}=${pk}|${bounds[':low']}|${bounds[':high']}`;
  let startKey = decodeCursor(cursorScope, query.cursor);
  let lastKey: Record<string, unknown> | undefined;
  let read = 0;
  // Filters can leave pages short: keep reading until the page is full, the partition ends or the
  // read budget is spent.
  do {
    const page = await db().send(
      // Filtered reads skip non-matching items, so they read in larger steps than the page size.
      new QueryCommand({
        ...base,
        ExclusiveStartKey: startKey,
        Limit: filtered ? Math.min(1000, readBudget - read) : limit - items.length + 1,
      }),
    );
    read += page.ScannedCount ?? 0;
    for (const raw of page.Items ?? []) {
      if (items.length < limit) {
        items.push(fromStored(raw));
        lastKey = raw;
      }
    }
    startKey = page.LastEvaluatedKey;
    if (items.length >= limit) break;
  } while (startKey && read < readBudget);

  const counted = await counting;
  if (items.length < limit && startKey) {
    // The budget ran out before the page filled: continue from the last item read, not the last match.
    return { items, nextCursor: encodeCursor(cursorScope, startKey), total: 0, ...counted };
  }
  let nextCursor: string | null = null;
  if (items.length >= limit && lastKey && (startKey || items.length === limit)) {
    const keyOf: Record<string, unknown> = { PK: lastKey.PK, SK: lastKey.SK };
    if (useStatusIndex) Object.assign(keyOf, { GSI1PK: lastKey.GSI1PK, GSI1SK: lastKey.GSI1SK });
    nextCursor = startKey ? encodeCursor(cursorScope, keyOf) : null;
    if (!startKey) {
      // The page ended exactly at the partition's end only if nothing follows the last item.
      const probe = await db().send(new QueryCommand({ ...base, ExclusiveStartKey: keyOf, Limit: 50 }));
      if ((probe.Items ?? []).length || probe.LastEvaluatedKey) nextCursor = encodeCursor(cursorScope, keyOf);
    }
  }
  return { items, nextCursor, total: 0, ...counted };
}

async function countInvoices(
  orgId: string,
  query: InvoiceListQuery,
  base: QueryCommandInput,
  status: string | undefined,
  readBudget: number,
): Promise<Pick<InvoicePage, 'total' | 'totalIsLowerBound'>> {
  // Without search or dates the count is an aggregate; otherwise it is counted with the same filters.
  if (!query.search && !query.days && !query.from && !query.to) {
    const totals = await getAggregate(orgId, 'TOTALS');
    if (status) return { total: Number(totals[`status_${status}`] ?? 0) };
    if (query.processingStatus) {
      const statuses = STATUSES_BY_PROCESSING[query.processingStatus];
      return { total: statuses.reduce((n, s) => n + Number(totals[`status_${s}`] ?? 0), 0) };
    }
    return { total: Number(totals.invoiceCount ?? 0) };
  }
  let total = 0;
  let read = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        ...base,
        Select: 'COUNT',
        ExclusiveStartKey: startKey,
        Limit: readBudget - read,
      }),
    );
    total += page.Count ?? 0;
    read += page.ScannedCount ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey && read < readBudget);
  return startKey ? { total, totalIsLowerBound: true } : { total };
}

/** The query of the invoices naming a vendor (by its normalized name), on the vendor index. */
const namingVendor = (orgId: string, nameKey: string) => ({
  TableName: tableName(),
  IndexName: 'GSI2',
  KeyConditionExpression: 'GSI2PK = :pk',
  ExpressionAttributeValues: { ':pk': keys.vendorIndex(orgId, nameKey) },
});

/** Invoices of the same vendor (by normalized name), for duplicate detection. */
export async function invoicesOfVendor(
  orgId: string,
  vendorName: string,
  limit = 200,
): Promise<InvoiceItem[]> {
  const key = vendorNameKey(vendorName);
  if (!key) return [];
  const page = await db().send(
    new QueryCommand({ ...namingVendor(orgId, key), ScanIndexForward: false, Limit: limit }),
  );
  return (page.Items ?? []).map(fromStored);
}

/**
 * Invoices linked to a vendor (by id), and unlinked ones that name it (by its normalized name), for a
 * merge. Linked invoices have no index of their own: this reads the organization's invoices with a
 * filter, which a merge (rare, by a person) can afford.
 */
export async function invoicesOfVendorRecord(
  orgId: string,
  vendor: { id: string; nameKey: string | null },
): Promise<InvoiceItem[]> {
  const invoices = sortKeyStartsWith(keys.orgPk(orgId), keys.invoicePrefix);
  const linked = await queryAll({
    ...invoices,
    FilterExpression: 'vendorId = :vendor',
    ExpressionAttributeValues: { ...invoices.ExpressionAttributeValues, ':vendor': vendor.id },
  });
  const named = vendor.nameKey ? await queryAll(namingVendor(orgId, vendor.nameKey)) : [];
  const byId = new Map<string, InvoiceItem>();
  for (const raw of [...linked, ...named]) {
    const item = fromStored(raw);
    if (item.vendorId === vendor.id || !item.vendorId) byId.set(item.id, item);
  }
  return [...byId.values()];
}

/**
 * Every APPROVED invoice of the organization (for the 1099 report): a read of its invoices with a filter,
 * consistent, which a yearly report asked for by a person can afford for now.
 */
export async function approvedInvoices(orgId: string): Promise<InvoiceItem[]> {
  const invoices = sortKeyStartsWith(keys.orgPk(orgId), keys.invoicePrefix);
  const items = await queryAll({
    ...invoices,
    FilterExpression: '#status = :approved',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ...invoices.ExpressionAttributeValues, ':approved': 'APPROVED' },
    ConsistentRead: true,
  });
  return items.map(fromStored);
}

/** How many invoices of each waiting status 'Waiting for me' reads at most (newest first). */
export const AWAITING_DECISION_READ_LIMIT = 1_000;

/** The invoices waiting for a decision (PROCESSED and REVIEW_REQUIRED, on the status index), newest first. */
export async function invoicesAwaitingDecision(orgId: string): Promise<InvoiceItem[]> {
  const pages = await Promise.all(
    (['PROCESSED', 'REVIEW_REQUIRED'] as const).map(async (status) => {
      const items: InvoiceItem[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await db().send(
          new QueryCommand({
            TableName: tableName(),
            IndexName: 'GSI1',
            KeyConditionExpression: 'GSI1PK = :pk',
            ExpressionAttributeValues: { ':pk': keys.statusIndex(orgId, status) },
            ScanIndexForward: false,
            ExclusiveStartKey: startKey,
            Limit: AWAITING_DECISION_READ_LIMIT - items.length,
          }),
        );
        items.push(...(page.Items ?? []).map(fromStored));
        startKey = page.LastEvaluatedKey;
      } while (startKey && items.length < AWAITING_DECISION_READ_LIMIT);
      return items;
    }),
  );
  return pages.flat().sort((a, b) => b.id.localeCompare(a.id));
}

/**
 * Every invoice of the organization with `status` now: the ids from the status index (GSI1, eventually
 * consistent), each item then read itself and kept only if it still has that status.
 */
export async function invoicesWithStatus(orgId: string, status: string): Promise<InvoiceItem[]> {
  const ids = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.statusIndex(orgId, status) },
    ProjectionExpression: 'id',
  });
  const out: InvoiceItem[] = [];
  for (const { id } of ids) {
    const item = await findInvoice(orgId, id as string);
    if (item?.status === status) out.push(item);
  }
  return out;
}

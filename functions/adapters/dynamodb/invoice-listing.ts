import { encodeTime } from 'ulid';
import type { InvoiceListQuery, InvoiceStatus } from '../../../shared/schemas';
import { vendorNameKey } from '../../core/invoices/aggregates';
import type { InvoiceItem } from '../../core/invoices/invoice';
import { getAggregate } from './aggregates';
import { decodeCursor, encodeCursor } from './cursor';
import type { QueryOptions } from './entity';
import { invoices } from './invoice-item';
import { findInvoice } from './invoices';
import { AFTER_EVERY_KEY_CHARACTER, keys } from './keys';

const { fromStored } = invoices;
const { organization, byStatus, byVendorName } = invoices.indexes;

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
  const partition = status ? byStatus(orgId, status) : organization(orgId);
  const bounds = range
    ? { from: range.low, to: range.high }
    : { from: keys.invoicePrefix, to: keys.invoiceSk(AFTER_EVERY_KEY_CHARACTER) };
  const filters: string[] = [];
  const values: Record<string, unknown> = {};
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
  const base: QueryOptions = {
    range: bounds,
    filter: { expression: filters.join(' AND '), names, values },
    newestFirst: true,
  };

  const filtered = Boolean(query.search || (query.processingStatus && !status));
  // The count does not depend on the page: read both at once.
  const counting = count
    ? countInvoices(orgId, query, status, () => partition.count({ ...base, budget: readBudget }))
    : undefined;
  // If reading the page fails first, the count's own failure must not surface as an unhandled rejection.
  counting?.catch(() => undefined);
  const items: InvoiceItem[] = [];
  // A cursor continues the query it came from: this partition or status index and this key range.
  const cursorScope = `INVOICE|${partition.keyNames.pk}=${partition.pk}|${bounds.from}|${bounds.to}`;
  let startKey = decodeCursor(cursorScope, query.cursor);
  let lastKey: Record<string, unknown> | undefined;
  let read = 0;
  // Filters can leave pages short: keep reading until the page is full, the partition ends or the
  // read budget is spent.
  do {
    const page = await partition.page({
      ...base,
      startKey,
      // Filtered reads skip non-matching items, so they read in larger steps than the page size.
      limit: filtered ? Math.min(1000, readBudget - read) : limit - items.length + 1,
    });
    read += page.scanned;
    for (const raw of page.items) {
      if (items.length < limit) {
        items.push(fromStored(raw));
        lastKey = raw;
      }
    }
    startKey = page.lastKey;
    if (items.length >= limit) break;
  } while (startKey && read < readBudget);

  const counted = await counting;
  if (items.length < limit && startKey) {
    // The budget ran out before the page filled: continue from the last item read, not the last match.
    return { items, nextCursor: encodeCursor(cursorScope, startKey), total: 0, ...counted };
  }
  let nextCursor: string | null = null;
  if (items.length >= limit && lastKey && (startKey || items.length === limit)) {
    const keyOf = partition.keyOf(lastKey);
    nextCursor = startKey ? encodeCursor(cursorScope, keyOf) : null;
    if (!startKey) {
      // The page ended exactly at the partition's end only if nothing follows the last item.
      const probe = await partition.page({ ...base, startKey: keyOf, limit: 50 });
      if (probe.items.length || probe.lastKey) nextCursor = encodeCursor(cursorScope, keyOf);
    }
  }
  return { items, nextCursor, total: 0, ...counted };
}

async function countInvoices(
  orgId: string,
  query: InvoiceListQuery,
  status: string | undefined,
  countFiltered: () => Promise<{ count: number; lastKey?: Record<string, unknown> }>,
): Promise<Pick<InvoicePage, 'total' | 'totalIsLowerBound'>> {
  // Without search or dates the count is an aggregate; otherwise it is counted with the same filters.
  if (!query.search && !query.days && !query.from && !query.to) {
    const totals = await getAggregate(orgId, keys.totalsBucket);
    if (status) return { total: Number(totals[`status_${status}`] ?? 0) };
    if (query.processingStatus) {
      const statuses = STATUSES_BY_PROCESSING[query.processingStatus];
      return { total: statuses.reduce((n, s) => n + Number(totals[`status_${s}`] ?? 0), 0) };
    }
    return { total: Number(totals.invoiceCount ?? 0) };
  }
  const { count, lastKey } = await countFiltered();
  return lastKey ? { total: count, totalIsLowerBound: true } : { total: count };
}

/** Invoices of the same vendor (by normalized name), for duplicate detection. */
export async function invoicesOfVendor(
  orgId: string,
  vendorName: string,
  limit = 200,
): Promise<InvoiceItem[]> {
  const key = vendorNameKey(vendorName);
  if (!key) return [];
  const page = await byVendorName(orgId, key).page({ newestFirst: true, limit });
  return page.items.map(fromStored);
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
  const linked = await organization(orgId).all({
    range: { prefix: keys.invoicePrefix },
    filter: { expression: 'vendorId = :vendor', values: { ':vendor': vendor.id } },
  });
  const named = vendor.nameKey ? await byVendorName(orgId, vendor.nameKey).all() : [];
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
  const items = await organization(orgId).all({
    range: { prefix: keys.invoicePrefix },
    filter: {
      expression: '#status = :approved',
      names: { '#status': 'status' },
      values: { ':approved': 'APPROVED' },
    },
    consistent: true,
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
        const page = await byStatus(orgId, status).page({
          newestFirst: true,
          startKey,
          limit: AWAITING_DECISION_READ_LIMIT - items.length,
        });
        items.push(...page.items.map(fromStored));
        startKey = page.lastKey;
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
  const ids = await byStatus(orgId, status).all({ projection: 'id' });
  const out: InvoiceItem[] = [];
  for (const { id } of ids) {
    const item = await findInvoice(orgId, id as string);
    if (item?.status === status) out.push(item);
  }
  return out;
}

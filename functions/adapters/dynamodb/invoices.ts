import {
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { encodeTime, ulid } from 'ulid';
import { INVOICE_FIELD_LABELS, invoiceChangeTexts } from '../../../shared/invoice-fields';
import {
  type Allocation,
  type ApprovalSteps,
  type Comment,
  DEFAULT_CURRENCY,
  type DuplicateOf,
  type FieldEdit,
  type FieldLocation,
  type Invoice,
  type InvoiceEvent,
  type InvoiceListQuery,
  type InvoiceSource,
  type InvoiceStatus,
  type LineItem,
  processingStatusOf,
  type VendorMatch,
} from '../../../shared/schemas';
import { AppError, conflict, notFound } from '../../core/errors/app-error';
import { contributionDelta, type InvoiceFacts, vendorBucket } from '../../core/invoices/aggregates';
import { spendShares, toCents } from '../../core/invoices/allocations';
import { correctedFields, type ExtractedValues, extractedFields } from '../../core/invoices/fields';
import { aggregateUpdates, getAggregate } from './aggregates';
import { db, isConditionFailure, nowIso, queryAll, tableName } from './client';
import { decodeCursor, encodeCursor } from './cursor';
import { AFTER_EVERY_KEY_CHARACTER, keys, monthOf, sortKeyStartsWith, withoutKeys } from './keys';
import { pendingUploadItem } from './pending-uploads';

export interface SyncResult {
  integrationId: string;
  integrationName: string;
  type: string;
  status: 'PENDING' | 'SYNCED' | 'FAILED' | 'RETRYING';
  remoteId?: string | null;
  attempts: number;
  lastError?: string | null;
  nextAttemptAt?: string | null;
  approvedAt?: string | null;
  updatedAt: string;
}

/** An invoice as stored. `extracted` keeps what the AI found, so corrections can be counted. */
export interface InvoiceItem {
  id: string;
  orgId: string;
  objectKey: string;
  filename: string;
  contentType: string;
  fileSize: number;
  pageCount: number | null;
  invoiceNumber: string | null;
  vendorId: string | null;
  vendorName: string | null;
  vendorAddress: string | null;
  vendorEmail: string | null;
  vendorPhone: string | null;
  invoiceDate: string | null;
  dueDate: string | null;
  subtotal: number | null;
  taxAmount: number | null;
  totalAmount: number | null;
  currency: string | null;
  status: InvoiceStatus;
  processingStage: string | null;
  /** Identifies the current processing run; a stale run's late result is ignored. */
  processingRunId: string | null;
  /**
   * The workflow execution that claimed the current run. Step Functions' "execution failed" event names
   * the execution but not the run, so the MarkFailed backstop finds the run through this.
   */
  processingExecutionId?: string | null;
  reviewReasons: string[];
  rejectionReason: string | null;
  aiConfidence: number | null;
  fieldConfidence: Record<string, number>;
  /** Absent on invoices processed before locations were kept. */
  fieldLocations?: Record<string, FieldLocation>;
  notes: string | null;
  propertyId: string | null;
  categoryId: string | null;
  categoryName: string | null;
  /** Split coding (absent on invoices never split); see core/invoices/allocations. */
  allocations?: Allocation[];
  /** Line items' splits by line item id. */
  lineAllocations?: Record<string, Allocation[]>;
  syncResults: SyncResult[];
  uploadedBy: string | null;
  /** Absent on invoices uploaded before e-mail ingestion existed: those were uploads. */
  source?: InvoiceSource;
  emailFrom?: string | null;
  emailSubject?: string | null;
  /** The uploader's display name when the invoice was created. */
  uploadedByName?: string | null;
  extracted: ExtractedValues | null;
  correctedFields: string[];
  /** Why the file could not be read (then it is REVIEW_REQUIRED and cannot be approved). */
  readFailure?: string | null;
  duplicateOf?: DuplicateOf | null;
  /** sha256 of the file's bytes (hex), set by processing: byte-identical re-uploads are found by it. */
  contentHash?: string | null;
  vendorMatch?: VendorMatch | null;
  fieldEdits?: Record<string, FieldEdit>;
  /** Approved by the organization's auto-approval rule rather than by a person. */
  autoApproved?: boolean;
  /** Set when the invoice became ready for approval (functions/services/approvals.ts). */
  approvalSteps?: ApprovalSteps | null;
  /**
   * 2 once the invoice is counted in the aggregates per currency, 3 once also per property (see
   * core/invoices/aggregates); absent on invoices last written before, whose contribution is taken out
   * the old way.
   */
  aggregates?: 2 | 3;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * The invoice as the API answers it. An invoice stored without a currency (written before invoices
 * kept one) is in the organization's default currency, which the caller passes when it knows it.
 */
export function toInvoice(item: InvoiceItem, defaultCurrency = DEFAULT_CURRENCY): Invoice {
  return {
    id: item.id,
    organizationId: item.orgId,
    invoiceNumber: item.invoiceNumber,
    filename: item.filename,
    fileName: item.filename,
    contentType: item.contentType,
    fileSize: item.fileSize,
    pageCount: item.pageCount,
    vendorId: item.vendorId,
    vendorName: item.vendorName,
    vendorAddress: item.vendorAddress,
    vendorEmail: item.vendorEmail,
    vendorPhone: item.vendorPhone,
    invoiceDate: item.invoiceDate,
    dueDate: item.dueDate,
    subtotal: item.subtotal,
    taxAmount: item.taxAmount,
    totalAmount: item.totalAmount,
    currency: item.currency ?? defaultCurrency,
    status: item.status,
    reviewStatus: item.status === 'REVIEW_REQUIRED' ? 'REQUIRES_REVIEW' : null,
    processingStatus: processingStatusOf(item.status),
    processingStage: (item.processingStage ?? null) as Invoice['processingStage'],
    reviewReasons: item.reviewReasons ?? [],
    readFailure: item.readFailure ?? null,
    duplicateOf: item.duplicateOf ?? null,
    autoApproved: item.autoApproved ?? false,
    rejectionReason: item.rejectionReason ?? null,
    aiConfidence: item.aiConfidence,
    fieldConfidence: item.fieldConfidence ?? {},
    fieldLocations: item.fieldLocations ?? {},
    fieldEdits: item.fieldEdits ?? {},
    vendorMatch: item.vendorMatch ?? null,
    notes: item.notes,
    propertyId: item.propertyId,
    categoryId: item.categoryId,
    categoryName: item.categoryName,
    allocations: item.allocations ?? [],
    lineAllocations: item.lineAllocations ?? {},
    syncResults: (item.syncResults ?? []).map((r) => ({
      ...r,
      remoteId: r.remoteId ?? null,
      nextAttemptAt: r.nextAttemptAt ?? null,
      approvedAt: r.approvedAt ?? null,
    })),
    uploadedBy: item.uploadedBy,
    source: item.source ?? 'upload',
    emailFrom: item.emailFrom ?? null,
    emailSubject: item.emailSubject ?? null,
    uploadedByName: item.uploadedByName ?? null,
    approvalSteps: item.approvalSteps ?? null,
    version: item.version,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

export function factsOf(item: InvoiceItem): InvoiceFacts {
  const extracted = item.extracted ?? {};
  return {
    status: item.status,
    totalAmount: item.totalAmount,
    createdAt: item.createdAt,
    vendorId: item.vendorId,
    vendorName: item.vendorName,
    categoryId: item.categoryId,
    currency: item.currency ?? null,
    reviewed: (item.status === 'APPROVED' || item.status === 'REJECTED') && !item.autoApproved,
    extractedFields: extractedFields(extracted),
    correctedFields: correctedFields(extracted, item as unknown as ExtractedValues),
    legacy: item.aggregates === undefined,
    countsProperties: item.aggregates === 3,
    shares: spendShares({
      totalCents: toCents(item.totalAmount ?? 0),
      propertyId: item.propertyId,
      categoryId: item.categoryId,
      allocations: item.allocations,
      lineAllocations: item.lineAllocations,
    }),
  };
}

/** Lowercased text the list's search matches against. */
function searchTextOf(item: InvoiceItem): string {
  return [
    item.invoiceNumber,
    item.vendorName,
    item.filename,
    item.id.slice(-8),
    item.categoryName,
    item.notes,
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

function vendorKeyOf(item: InvoiceItem): string | null {
  return vendorBucket({ vendorId: null, vendorName: item.vendorName })?.slice('VENDOR#NAME#'.length) ?? null;
}

function toStored(item: InvoiceItem): Record<string, unknown> {
  const vendorKey = vendorKeyOf(item);
  return {
    ...keys.invoice(item.orgId, item.id),
    entity: 'Invoice',
    ...item,
    aggregates: 3,
    searchText: searchTextOf(item),
    GSI1PK: keys.statusIndex(item.orgId, item.status),
    GSI1SK: `INVOICE#${item.id}`,
    ...(vendorKey ? { GSI2PK: keys.vendorIndex(item.orgId, vendorKey), GSI2SK: `INVOICE#${item.id}` } : {}),
  };
}

function fromStored(raw: Record<string, unknown>): InvoiceItem {
  const { searchText: _s, ...rest } = withoutKeys(raw);
  return rest as unknown as InvoiceItem;
}

function labelsOf(item: InvoiceItem | undefined): Record<string, string> {
  if (!item) return {};
  const labels: Record<string, string> = {};
  const vendor = vendorBucket(item);
  if (vendor && item.vendorName) labels[vendor] = item.vendorName;
  if (item.categoryName) labels[`CATEGORY#${item.categoryId ?? 'NONE'}`] = item.categoryName;
  return labels;
}

export interface EventInput {
  type: string;
  actor: string;
  actorName?: string | null;
  note?: string | null;
}

function eventItem(
  orgId: string,
  invoiceId: string,
  before: InvoiceItem | undefined,
  after: InvoiceItem | undefined,
  input: EventInput,
) {
  const changes: InvoiceEvent['changes'] = [];
  if (before && after) {
    // Only fields people know are listed, with labels and formatted values (History shows them as
    // written); ids are left out: the category shows as its name, which changes with it.
    const currency = after.currency ?? before.currency ?? DEFAULT_CURRENCY;
    for (const field of Object.keys(INVOICE_FIELD_LABELS) as (keyof InvoiceItem)[]) {
      if (JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null)) {
        const [b, a] = [before[field] ?? null, after[field] ?? null];
        changes.push({ field, before: b, after: a, ...invoiceChangeTexts(field, b, a, currency) });
      }
    }
  }
  const event: InvoiceEvent = {
    id: ulid(),
    type: input.type,
    actor: input.actor,
    actorName: input.actorName ?? null,
    at: nowIso(),
    from: before?.status ?? null,
    to: after?.status ?? null,
    changes,
    note: input.note ?? null,
  };
  return {
    PK: keys.invoiceChildren(orgId, invoiceId),
    SK: `EVENT#${event.id}`,
    entity: 'InvoiceEvent',
    ...event,
  };
}

export class MonthlyLimitReached extends AppError {}

/**
 * Creates an invoice as UPLOADED, counting it against the month's plan limit and the aggregates in one
 * transaction: either all of it is written, or none (a full month answers 429).
 */
export async function createInvoice(
  item: InvoiceItem,
  options: {
    monthlyLimit: number | null;
    event: EventInput;
    /**
     * The file is stored after this write (API uploads): a pending-upload marker is written with the
     * invoice, so a sweep finds it if the server dies before the file is stored (see pending-uploads.ts).
     */
    fileToFollow?: boolean;
  },
): Promise<InvoiceItem> {
  const month = monthOf(item.createdAt);
  const delta = contributionDelta(undefined, factsOf({ ...item, aggregates: 3 }));
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: toStored(item),
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.usage(item.orgId, month),
              UpdateExpression: 'ADD invoices :one',
              ...(options.monthlyLimit === null
                ? { ExpressionAttributeValues: { ':one': 1 } }
                : {
                    ConditionExpression: 'attribute_not_exists(invoices) OR invoices < :limit',
                    ExpressionAttributeValues: { ':one': 1, ':limit': options.monthlyLimit },
                  }),
            },
          },
          ...aggregateUpdates(item.orgId, delta, labelsOf(item)),
          {
            Put: {
              TableName: tableName(),
              Item: eventItem(item.orgId, item.id, undefined, item, options.event),
            },
          },
          ...(options.fileToFollow
            ? [{ Put: { TableName: tableName(), Item: pendingUploadItem(item) } }]
            : []),
        ],
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    if (reasons[1]?.Code === 'ConditionalCheckFailed') {
      throw new MonthlyLimitReached(
        'quota',
        'monthly_limit_reached',
        `Monthly invoice limit reached: your plan allows ${options.monthlyLimit} invoices per month`,
      );
    }
    throw conflict('already_exists', 'This invoice already exists');
  }
  return item;
}

export async function findInvoice(orgId: string, id: string): Promise<InvoiceItem | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.invoice(orgId, id), ConsistentRead: true }),
  );
  return Item ? fromStored(Item) : undefined;
}

/** The invoice of this organization, or 404 (also for another organization's ids). */
export async function getInvoice(orgId: string, id: string): Promise<InvoiceItem> {
  const item = await findInvoice(orgId, id);
  if (!item) throw notFound('Invoice');
  return item;
}

/**
 * Writes `after` over `before` if nobody changed the invoice in between (optimistic locking on
 * `version`), with the aggregate deltas and an audit event, all in one transaction.
 * `condition` adds a guard on the stored item (for example the workflow's run id).
 */
export async function saveInvoice(
  before: InvoiceItem,
  changes: Partial<InvoiceItem>,
  event: EventInput | null,
  options: { condition?: { expression: string; values: Record<string, unknown> } } = {},
): Promise<InvoiceItem> {
  const after: InvoiceItem = {
    ...before,
    ...changes,
    aggregates: 3,
    version: before.version + 1,
    updatedAt: nowIso(),
  };
  after.correctedFields = correctedFields(after.extracted ?? {}, after as unknown as ExtractedValues);
  const delta = contributionDelta(factsOf(before), factsOf(after));
  const condition = ['version = :expectedVersion', options.condition?.expression]
    .filter(Boolean)
    .join(' AND ');
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: toStored(after),
              ConditionExpression: condition,
              ExpressionAttributeValues: {
                ':expectedVersion': before.version,
                ...(options.condition?.values ?? {}),
              },
            },
          },
          ...aggregateUpdates(before.orgId, delta, labelsOf(after)),
          ...(event
            ? [
                {
                  Put: {
                    TableName: tableName(),
                    Item: eventItem(before.orgId, before.id, before, after, event),
                  },
                },
              ]
            : []),
        ],
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    throw conflict('stale_version', 'This invoice was changed by someone else; reload it and try again');
  }
  return after;
}

/**
 * Deletes the invoice (and, after it, its line items, comments and events) and takes it out of the
 * aggregates. A deleted invoice still counts against its month's limit (it was processed), unless
 * `releaseUsage`: an upload that never completed gives its count back in the same transaction.
 */
export async function deleteInvoice(
  before: InvoiceItem,
  options: { releaseUsage?: boolean } = {},
): Promise<void> {
  const delta = contributionDelta(factsOf(before), undefined);
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: keys.invoice(before.orgId, before.id),
              ConditionExpression: 'version = :v',
              ExpressionAttributeValues: { ':v': before.version },
            },
          },
          ...aggregateUpdates(before.orgId, delta),
          ...(before.contentHash
            ? [
                {
                  Delete: {
                    TableName: tableName(),
                    Key: contentHashKey(before.orgId, before.contentHash, before.id),
                  },
                },
              ]
            : []),
          ...(options.releaseUsage
            ? [
                {
                  Update: {
                    TableName: tableName(),
                    Key: keys.usage(before.orgId, monthOf(before.createdAt)),
                    UpdateExpression: 'ADD invoices :minusOne',
                    ExpressionAttributeValues: { ':minusOne': -1 },
                  },
                },
              ]
            : []),
        ],
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    throw conflict('stale_version', 'This invoice was changed by someone else; reload it and try again');
  }
  await deleteChildren(before.orgId, before.id, '');
}

async function deleteChildren(orgId: string, invoiceId: string, prefix: string): Promise<void> {
  const pk = keys.invoiceChildren(orgId, invoiceId);
  const condition = prefix
    ? sortKeyStartsWith(pk, prefix)
    : { KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk } };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        ...condition,
        ProjectionExpression: 'PK, SK',
        ExclusiveStartKey: startKey,
      }),
    );
    const items = page.Items ?? [];
    for (let i = 0; i < items.length; i += 25) {
      await db().send(
        new BatchWriteCommand({
          RequestItems: {
            [tableName()]: items
              .slice(i, i + 25)
              .map((k) => ({ DeleteRequest: { Key: { PK: k.PK, SK: k.SK } } })),
          },
        }),
      );
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

// ---------- listing ----------

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
    low: `INVOICE#${encodeTime(Math.max(0, fromMs ?? 0), 10)}`,
    high: `INVOICE#${encodeTime(Math.min(toMs ?? Date.now() + 86_400_000, 2 ** 48 - 1), 10)}ZZZZZZZZZZZZZZZZZ`,
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
    : { ':low': 'INVOICE#', ':high': `INVOICE#${AFTER_EVERY_KEY_CHARACTER}` };
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

/** Invoices of the same vendor (by normalized name), for duplicate detection. */
export async function invoicesOfVendor(
  orgId: string,
  vendorName: string,
  limit = 200,
): Promise<InvoiceItem[]> {
  const key = vendorBucket({ vendorId: null, vendorName })?.slice('VENDOR#NAME#'.length);
  if (!key) return [];
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.vendorIndex(orgId, key) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (page.Items ?? []).map(fromStored);
}

/**
 * Byte-identical files: one item per organization, file hash and invoice
 * (`ORG#<org>` / `FILEHASH#<sha256>#<invoiceId>`), written when processing reads the file and deleted
 * with the invoice. A hash is only ever looked up within its organization.
 */
const contentHashKey = (orgId: string, hash: string, invoiceId: string) => ({
  PK: keys.orgPk(orgId),
  SK: `FILEHASH#${hash}#${invoiceId}`,
});

export async function recordContentHash(orgId: string, hash: string, invoiceId: string): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...contentHashKey(orgId, hash, invoiceId), entity: 'FileHash', invoiceId },
    }),
  );
}

/** The organization's invoices whose file has this sha256, oldest first. */
export async function invoiceIdsWithContentHash(orgId: string, hash: string): Promise<string[]> {
  const items = await queryAll(sortKeyStartsWith(keys.orgPk(orgId), `FILEHASH#${hash}#`));
  return items.map((item) => String(item.invoiceId));
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
  const invoices = sortKeyStartsWith(keys.orgPk(orgId), 'INVOICE#');
  const linked = await queryAll({
    ...invoices,
    FilterExpression: 'vendorId = :vendor',
    ExpressionAttributeValues: { ...invoices.ExpressionAttributeValues, ':vendor': vendor.id },
  });
  const named = vendor.nameKey
    ? await queryAll({
        TableName: tableName(),
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.vendorIndex(orgId, vendor.nameKey) },
      })
    : [];
  const byId = new Map<string, InvoiceItem>();
  for (const raw of [...linked, ...named]) {
    const item = fromStored(raw);
    if (item.vendorId === vendor.id || !item.vendorId) byId.set(item.id, item);
  }
  return [...byId.values()];
}

// ---------- children: line items, comments, events ----------

async function listChildren<T>(
  orgId: string,
  invoiceId: string,
  prefix: string,
  newestFirst = false,
): Promise<T[]> {
  const items = await queryAll({
    ...sortKeyStartsWith(keys.invoiceChildren(orgId, invoiceId), prefix),
    ScanIndexForward: !newestFirst,
  });
  return items.map((item) => withoutKeys(item) as T);
}

export const listLineItems = (orgId: string, invoiceId: string) =>
  listChildren<LineItem>(orgId, invoiceId, 'LINE#');
/** The line items with each one's split (kept on the invoice item, see `lineAllocations`). */
export const withLineSplits = (lines: LineItem[], item: InvoiceItem): LineItem[] =>
  lines.map((line) => {
    const allocations = item.lineAllocations?.[line.id];
    return allocations?.length ? { ...line, allocations } : line;
  });
export const listComments = (orgId: string, invoiceId: string) =>
  listChildren<Comment>(orgId, invoiceId, 'COMMENT#');
export const listEvents = (orgId: string, invoiceId: string) =>
  listChildren<InvoiceEvent>(orgId, invoiceId, 'EVENT#', true);

/** Replaces an invoice's line items (each processing run writes a fresh set). */
export async function replaceLineItems(
  orgId: string,
  invoiceId: string,
  lines: Omit<LineItem, 'id'>[],
): Promise<LineItem[]> {
  await deleteChildren(orgId, invoiceId, 'LINE#');
  const items: LineItem[] = lines.map((line, i) => ({
    ...line,
    id: `${invoiceId.slice(-8)}-${String(i + 1).padStart(3, '0')}`,
  }));
  for (let i = 0; i < items.length; i += 25) {
    await db().send(
      new BatchWriteCommand({
        RequestItems: {
          [tableName()]: items.slice(i, i + 25).map((line, j) => ({
            PutRequest: {
              Item: {
                PK: keys.invoiceChildren(orgId, invoiceId),
                SK: `LINE#${String(i + j + 1).padStart(4, '0')}`,
                entity: 'LineItem',
                ...line,
              },
            },
          })),
        },
      }),
    );
  }
  return items;
}

export async function addComment(
  orgId: string,
  invoiceId: string,
  input: { userId: string; userName: string | null; comment: string; isInternal: boolean },
): Promise<Comment> {
  const comment: Comment = { id: ulid(), createdAt: nowIso(), ...input };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        PK: keys.invoiceChildren(orgId, invoiceId),
        SK: `COMMENT#${comment.id}`,
        entity: 'Comment',
        ...comment,
      },
    }),
  );
  return comment;
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

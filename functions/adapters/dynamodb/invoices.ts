import { conflict, notFound, secondsUntilNextMonth } from '../../core/errors/app-error';
import { aggregateLabels, type Contribution, contributionDelta } from '../../core/invoices/aggregates';
import { type EventInput, invoiceEvent } from '../../core/invoices/audit';
import { AGGREGATES_SCHEME, factsOf, type InvoiceItem } from '../../core/invoices/invoice';
import type { BatchMergeCommit, BatchSplitCommit, InvoiceCommit } from '../../core/invoices/invoice-commit';
import { MonthlyLimitReached } from '../../core/invoices/upload-records';
import type { OutboxEffect } from '../../core/outbox/effects';
import { aggregateUpdates } from './aggregates';
import { tableName } from './client';
import { itemKind, type TransactItems, transact } from './entity';
import { type IdempotencyClaim, IdempotencyKeyTaken, idempotencyKeyPut } from './idempotency-keys';
import { deleteChildren, eventRecord } from './invoice-children';
import { invoicePut, invoices } from './invoice-item';
import { keys, monthOf } from './keys';
import { outboxPuts, outboxWritten } from './outbox';
import { pendingUploadItem } from './pending-uploads';

export { MonthlyLimitReached } from '../../core/invoices/upload-records';

/**
 * Every write of the invoice item (invoice-item.ts), each in one transaction with what must change with
 * it (month's usage, aggregates, audit event, file-hash record). What to write is decided by the
 * use-cases in core/invoices.
 */

const staleInvoice = () =>
  conflict('stale_version', 'This invoice was changed by someone else; reload it and try again');

/** Writes one transaction whose conditions guard the invoice's version: a failed one is a 409 stale_version. */
const transactVersioned = (items: TransactItems) => transact(items, staleInvoice);

/** The 429 of a month whose plan limit the write would pass. */
const monthlyLimitReached = (monthlyLimit: number | null) =>
  new MonthlyLimitReached(
    'quota',
    'monthly_limit_reached',
    `Monthly invoice limit reached: your plan allows ${monthlyLimit} invoices per month`,
    { retryAfterSeconds: secondsUntilNextMonth() },
  );

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
    /** Side effects of the creation, written as outbox items in the same transaction (core/outbox). */
    outbox?: readonly OutboxEffect[];
    /** The client's Idempotency-Key, claimed in the same transaction (IdempotencyKeyTaken if it is not free). */
    idempotency?: IdempotencyClaim;
  },
): Promise<InvoiceItem> {
  const month = monthOf(item.createdAt);
  const delta = contributionDelta(undefined, factsOf({ ...item, aggregates: AGGREGATES_SCHEME }));
  await transact(
    [
      invoicePut(item, { ConditionExpression: 'attribute_not_exists(PK)' }),
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
      ...aggregateUpdates(item.orgId, delta, aggregateLabels(item)),
      {
        Put: {
          TableName: tableName(),
          Item: eventRecord(item.orgId, item.id, invoiceEvent(undefined, item, options.event)),
        },
      },
      ...(options.fileToFollow ? [{ Put: { TableName: tableName(), Item: pendingUploadItem(item) } }] : []),
      ...outboxPuts(item.orgId, options.outbox ?? []),
      // Last, so its cancellation reason is the last one.
      ...(options.idempotency ? [idempotencyKeyPut(options.idempotency)] : []),
    ],
    (reasons) => {
      // The key is taken, or another request with it is being written right now (a transaction conflict).
      if (
        options.idempotency &&
        (reasons.at(-1) === 'ConditionalCheckFailed' || reasons.includes('TransactionConflict'))
      )
        return new IdempotencyKeyTaken('The Idempotency-Key is taken');
      if (reasons[1] === 'ConditionalCheckFailed') return monthlyLimitReached(options.monthlyLimit);
      return conflict('already_exists', 'This invoice already exists');
    },
  );
  if (options.outbox?.length) outboxWritten();
  return item;
}

export const findInvoice = (orgId: string, id: string): Promise<InvoiceItem | undefined> =>
  invoices.find([orgId, id], { consistent: true });

/** The invoice of this organization, or 404 (also for another organization's ids). */
export async function getInvoice(orgId: string, id: string): Promise<InvoiceItem> {
  const item = await findInvoice(orgId, id);
  if (!item) throw notFound('Invoice');
  return item;
}

/**
 * Writes one invoice commit (core/invoices/commit.ts) as one transaction: the item if its version is
 * still `expectedVersion` (and `condition` holds), the aggregate deltas, the audit event and the outbox
 * items. A failed condition is a 409 stale_version.
 */
export async function writeInvoice(commit: InvoiceCommit): Promise<void> {
  const { after } = commit;
  const condition = ['version = :expectedVersion', commit.condition?.expression]
    .filter(Boolean)
    .join(' AND ');
  await transactVersioned([
    invoicePut(after, {
      ConditionExpression: condition,
      ExpressionAttributeValues: {
        ':expectedVersion': commit.expectedVersion,
        ...(commit.condition?.values ?? {}),
      },
    }),
    ...aggregateUpdates(after.orgId, commit.delta, commit.labels),
    ...(commit.event
      ? [{ Put: { TableName: tableName(), Item: eventRecord(after.orgId, after.id, commit.event) } }]
      : []),
    ...outboxPuts(after.orgId, commit.outbox),
  ]);
  if (commit.outbox.length) outboxWritten();
}

/** The condition that the stored invoice is still `before`'s version. */
const versionIs = (before: { version: number }) => ({
  ConditionExpression: 'version = :v',
  ExpressionAttributeValues: { ':v': before.version },
});

/** Two contributions as one: a transaction may update each aggregate item only once. */
function summed(deltas: Contribution[]): Contribution {
  const total: Contribution = {};
  for (const delta of deltas)
    for (const [bucket, fields] of Object.entries(delta))
      for (const [field, value] of Object.entries(fields)) {
        total[bucket] ??= {};
        total[bucket][field] = (total[bucket][field] ?? 0) + value;
      }
  return total;
}

/**
 * Writes a batch split (core/invoices/batch-split.ts) as one transaction: the parent's commit (guarded
 * by its version and run), each new invoice with its audit event, pending-file marker (the files are
 * stored after this write; the sweep of pending uploads settles one a crash left without its file) and
 * outbox items, the aggregates of all of them, and the month's usage counted once per new invoice.
 */
export async function writeBatchSplit(split: BatchSplitCommit): Promise<void> {
  const { parent, children } = split;
  const after = parent.after;
  const month = monthOf(after.createdAt);
  const condition = ['version = :expectedVersion', parent.condition?.expression]
    .filter(Boolean)
    .join(' AND ');
  const childDeltas = children.map((c) =>
    contributionDelta(undefined, factsOf({ ...c, aggregates: AGGREGATES_SCHEME })),
  );
  const labels = Object.assign({}, parent.labels, ...children.map((c) => aggregateLabels(c)));
  const added = children.length;
  const outbox = [parent.outbox, ...children.map((c) => split.outbox[c.id] ?? [])].flat();
  const items: TransactItems = [
    invoicePut(after, {
      ConditionExpression: condition,
      ExpressionAttributeValues: {
        ':expectedVersion': parent.expectedVersion,
        ...(parent.condition?.values ?? {}),
      },
    }),
    {
      Update: {
        TableName: tableName(),
        Key: keys.usage(after.orgId, month),
        UpdateExpression: 'ADD invoices :added',
        ...(split.monthlyLimit === null
          ? { ExpressionAttributeValues: { ':added': added } }
          : {
              ConditionExpression: 'attribute_not_exists(invoices) OR invoices <= :most',
              ExpressionAttributeValues: { ':added': added, ':most': split.monthlyLimit - added },
            }),
      },
    },
    ...aggregateUpdates(after.orgId, summed([parent.delta, ...childDeltas]), labels),
    ...(parent.event
      ? [{ Put: { TableName: tableName(), Item: eventRecord(after.orgId, after.id, parent.event) } }]
      : []),
    ...children.flatMap((child) => [
      invoicePut(child, { ConditionExpression: 'attribute_not_exists(PK)' }),
      {
        Put: {
          TableName: tableName(),
          Item: eventRecord(child.orgId, child.id, invoiceEvent(undefined, child, split.event)),
        },
      },
      { Put: { TableName: tableName(), Item: pendingUploadItem(child) } },
    ]),
    ...outboxPuts(after.orgId, outbox),
  ];
  await transact(items, (reasons) =>
    reasons[1] === 'ConditionalCheckFailed' ? monthlyLimitReached(split.monthlyLimit) : staleInvoice(),
  );
  if (outbox.length) outboxWritten();
}

/**
 * Writes a batch merge (core/invoices/batch-boundaries.ts) as one transaction: the kept invoice's commit
 * and the removed invoice's deletion, each guarded by its version, both out of the aggregates as one
 * sum, the removed one's file-hash record gone and its month's count given back (it was one document
 * counted twice). The removed invoice's line items, comments and events go after it.
 */
export async function writeBatchMerge({ kept, removed }: BatchMergeCommit): Promise<void> {
  const after = kept.after;
  const removedDelta = contributionDelta(factsOf(removed), undefined);
  await transactVersioned([
    invoicePut(after, {
      ConditionExpression: 'version = :expectedVersion',
      ExpressionAttributeValues: { ':expectedVersion': kept.expectedVersion },
    }),
    invoices.tx.delete([removed.orgId, removed.id], versionIs(removed)),
    ...aggregateUpdates(after.orgId, summed([kept.delta, removedDelta]), kept.labels),
    ...(kept.event
      ? [{ Put: { TableName: tableName(), Item: eventRecord(after.orgId, after.id, kept.event) } }]
      : []),
    ...(removed.contentHash ? [fileHashes.tx.delete([removed.orgId, removed.contentHash, removed.id])] : []),
    {
      Update: {
        TableName: tableName(),
        Key: keys.usage(removed.orgId, monthOf(removed.createdAt)),
        UpdateExpression: 'ADD invoices :minusOne',
        ExpressionAttributeValues: { ':minusOne': -1 },
      },
    },
    ...outboxPuts(after.orgId, kept.outbox),
  ]);
  if (kept.outbox.length) outboxWritten();
  await deleteChildren(removed.orgId, removed.id, '');
}

/** The invoices whose id starts with `idPrefix` (a ULID's time part: those created in that millisecond). */
export async function invoicesWithIdPrefix(orgId: string, idPrefix: string): Promise<InvoiceItem[]> {
  const items = await invoices.indexes.organization(orgId).all({
    range: { prefix: keys.invoiceSk(idPrefix) },
    filter: { expression: 'entity = :entity', values: { ':entity': 'Invoice' } },
  });
  return items.map(invoices.fromStored);
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
  await transactVersioned([
    invoices.tx.delete([before.orgId, before.id], versionIs(before)),
    ...aggregateUpdates(before.orgId, delta),
    ...(before.contentHash ? [fileHashes.tx.delete([before.orgId, before.contentHash, before.id])] : []),
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
  ]);
  await deleteChildren(before.orgId, before.id, '');
}

/**
 * Byte-identical files: one item per organization, file hash and invoice
 * (`ORG#<org>` / `FILEHASH#<sha256>#<invoiceId>`), written when processing reads the file and deleted
 * with the invoice. A hash is only ever looked up within its organization.
 */
const fileHashes = itemKind<{ invoiceId: string }>()({
  key: (orgId: string, hash: string, invoiceId: string) => ({
    PK: keys.orgPk(orgId),
    SK: keys.fileHashSk(hash, invoiceId),
  }),
  collection: (orgId: string, hash: string) => ({ PK: keys.orgPk(orgId), prefix: keys.fileHashPrefix(hash) }),
  entity: 'FileHash',
});

export async function recordContentHash(orgId: string, hash: string, invoiceId: string): Promise<void> {
  await fileHashes.put([orgId, hash, invoiceId], { invoiceId });
}

/** The organization's invoices whose file has this sha256, oldest first. */
export async function invoiceIdsWithContentHash(orgId: string, hash: string): Promise<string[]> {
  return (await fileHashes.list([orgId, hash])).map((item) => String(item.invoiceId));
}

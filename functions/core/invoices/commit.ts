import type { InvoiceEvent } from '../../../shared/schemas';
import type { OutboxEffect } from '../outbox/effects';
import { ports } from '../ports';
import { aggregateLabels, type Contribution, contributionDelta } from './aggregates';
import { type EventInput, invoiceEvent } from './audit';
import { correctedFields, type ExtractedValues } from './fields';
import { AGGREGATES_SCHEME, factsOf, type InvoiceItem } from './invoice';

/**
 * One change of an invoice as plain data, decided here in core: the new item, the version it replaces,
 * what the aggregates gain and lose, the audit event and the side effects (outbox). The adapter writes
 * it as one transaction (adapters/dynamodb/invoices `writeInvoice`) and decides nothing.
 */
export interface InvoiceCommit {
  after: InvoiceItem;
  /** The stored version the write replaces: anyone else's write in between makes it a 409. */
  expectedVersion: number;
  /** Per aggregate bucket, what the change adds (negative: takes away). */
  delta: Contribution;
  /** The names the buckets show (vendor, category), as of the change. */
  labels: Record<string, string>;
  event: InvoiceEvent | null;
  outbox: readonly OutboxEffect[];
  /** A further guard on the stored item (for example the workflow's run id). */
  condition?: { expression: string; values: Record<string, unknown> };
}

export interface SaveOptions {
  condition?: InvoiceCommit['condition'];
  /** Side effects of the change (webhook events, syncs, notifications, vendor activation; see core/outbox). */
  outbox?: readonly OutboxEffect[];
}

/** The commit of `changes` over `before`, recorded as `event` (none for the workflow's own steps). */
export function invoiceCommit(
  before: InvoiceItem,
  changes: Partial<InvoiceItem>,
  event: EventInput | null,
  options: SaveOptions = {},
  now = new Date().toISOString(),
): InvoiceCommit {
  const after: InvoiceItem = {
    ...before,
    ...changes,
    aggregates: AGGREGATES_SCHEME,
    version: before.version + 1,
    updatedAt: now,
  };
  after.correctedFields = correctedFields(after.extracted ?? {}, after as unknown as ExtractedValues);
  return {
    after,
    expectedVersion: before.version,
    delta: contributionDelta(factsOf(before), factsOf(after)),
    labels: aggregateLabels(after),
    event: event ? invoiceEvent(before, after, event) : null,
    outbox: options.outbox ?? [],
    condition: options.condition,
  };
}

/**
 * Writes `changes` over `before` if nobody changed the invoice in between (optimistic locking on
 * `version`), with the aggregate deltas, an audit event and the change's side effects, all in one
 * transaction. Returns the invoice as written.
 */
export async function saveInvoice(
  before: InvoiceItem,
  changes: Partial<InvoiceItem>,
  event: EventInput | null,
  options: SaveOptions = {},
): Promise<InvoiceItem> {
  const commit = invoiceCommit(before, changes, event, options);
  await ports().writeInvoice(commit);
  return commit.after;
}

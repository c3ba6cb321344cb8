import { ports } from '../ports';
import { aggregateLabels, contributionDelta } from './aggregates';
import { type EventInput, invoiceEvent } from './audit';
import { correctedFields, type ExtractedValues } from './fields';
import { AGGREGATES_SCHEME, factsOf, type InvoiceItem } from './invoice';
import type { InvoiceCommit, SaveOptions } from './invoice-commit';

export type { InvoiceCommit, SaveOptions } from './invoice-commit';

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

import type { InvoiceEvent } from '../../../shared/schemas';
import type { OutboxEffect } from '../outbox/effects';
import type { Contribution } from './aggregates';
import type { InvoiceItem } from './invoice';

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

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

/**
 * A batch file split into its documents (core/invoices/batch-split.ts): the change of the invoice the
 * file was uploaded as (now its first document) and the new invoices of the others, written as one
 * transaction with the month's usage counted once per new invoice (MonthlyLimitReached when it does not
 * fit) and each new invoice's audit event, pending-file marker and side effects.
 */
export interface BatchSplitCommit {
  parent: InvoiceCommit;
  children: readonly InvoiceItem[];
  monthlyLimit: number | null;
  /** The `uploaded` event each new invoice's History starts with. */
  event: { type: string; actor: string; actorName?: string | null; note?: string | null };
  /** Side effects per new invoice, by its id. */
  outbox: Readonly<Record<string, readonly OutboxEffect[]>>;
}

/**
 * Two documents of a batch file joined again (core/invoices/batch-boundaries.ts): the change of the one
 * kept (its pages now both documents' pages, queued to be read again) and the deletion of the other,
 * written as one transaction with the month's usage given back for the deleted one.
 */
export interface BatchMergeCommit {
  kept: InvoiceCommit;
  /** As read: a write by anyone else since makes the whole merge a 409. */
  removed: InvoiceItem;
}

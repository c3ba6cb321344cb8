import { ulid } from 'ulid';
import type { Notification } from '../../../shared/schemas';
import { approvalStepsFor } from '../approvals/routing';
import type { ExtractedInvoice } from '../extraction/types';
import { invoiceEventEffect, notificationEffect, type OutboxEffect } from '../outbox/effects';
import { ports } from '../ports';
import { splitsAfterRun } from './allocations';
import type { Actor } from './audit';
import { saveInvoice } from './commit';
import { type InvoiceItem, invoiceLabel } from './invoice';
import { assertTransition } from './transitions';

/** Processing an invoice: starting a run again (reprocess) and writing a run's outcome (settle). */

/**
 * Thrown when the run this execution works for is no longer the invoice's current run (a reprocess
 * started a new one, or a person approved or rejected the invoice meanwhile). The ASL catches it by
 * name and ends quietly: the newer run or the person wins.
 */
export class StaleRun extends Error {
  override readonly name = 'StaleRun';
}

/** The run a workflow execution works for. */
export interface ProcessingRun {
  orgId: string;
  invoiceId: string;
  runId: string;
  /** The file's sha256, once the run has read it. */
  contentHash?: string;
}

/** What reading an invoice again changes on it: queued again under the new run `runId`. */
export function rereadChanges(runId: string): Partial<InvoiceItem> {
  return {
    status: 'UPLOADED',
    processingStage: 'QUEUED',
    processingRunId: runId,
    reviewReasons: [],
    rejectionReason: null,
    // The next decision evaluates the approval rules afresh.
    approvalSteps: null,
  };
}

/**
 * A person asks for the invoice to be read again: it goes back to UPLOADED under a new run id (so any
 * still-running earlier run's late result lands nowhere), and the same transaction's outbox item starts
 * a workflow execution of that run.
 */
export async function reprocess(before: InvoiceItem, actor: Actor): Promise<InvoiceItem> {
  assertTransition('reprocess', before.status);
  const after = await saveInvoice(
    before,
    rereadChanges(ulid()),
    { type: 'reprocess_requested', ...actor },
    // The run starts from the outbox: a crash after this write still reads the invoice again.
    {
      outbox: [
        { kind: 'processing_start', invoiceId: before.id, objectKey: before.objectKey, reason: 'reprocess' },
      ],
    },
  );
  return after;
}

/**
 * Writes the run's outcome on the invoice: one ports().saveInvoice (optimistic lock on `version` + guard on
 * the run id) carries the status, fields, aggregate deltas and the audit event, and as outbox effects
 * of the same transaction the notification, the `invoice.processed` / `invoice.review_required` event
 * and the caller's `moreEffects`. A retry after a successful write finds the run already decided and
 * does nothing, so nothing is counted twice.
 */
export async function settle(
  ctx: ProcessingRun,
  outcome: Partial<InvoiceItem>,
  /** The run's line items, or null to keep the stored ones (a failed run has none to offer). */
  lines: ExtractedInvoice['lineItems'] | null,
  /** More effects of the decision, from the invoice as decided, written in its transaction too. */
  moreEffects: (decided: InvoiceItem) => Promise<OutboxEffect[]> = async () => [],
): Promise<InvoiceItem | null> {
  // A fresh run's outcome replaces the earlier run's flags and any hand edits (the fields are re-read).
  let changes: Partial<InvoiceItem> = {
    readFailure: null,
    duplicateOf: null,
    fieldEdits: {},
    autoApproved: false,
    ...(ctx.contentHash ? { contentHash: ctx.contentHash } : {}),
    ...outcome,
  };
  const before = await ports().findInvoice(ctx.orgId, ctx.invoiceId);
  if (!before || before.processingRunId !== ctx.runId)
    throw new StaleRun(`Invoice ${ctx.invoiceId} has a newer run`);
  if (before.status !== 'PROCESSING') {
    // Decided already by this very run (a retried Decide), or a person approved/rejected meanwhile.
    if (before.processingStage === 'DONE' || before.processingStage === 'FAILED') return null;
    throw new StaleRun(`Invoice ${ctx.invoiceId} is ${before.status}`);
  }
  if (lines) {
    await ports().replaceLineItems(
      ctx.orgId,
      ctx.invoiceId,
      lines.map((l) => ({ ...l, categoryId: null })),
    );
  }
  // A person's split outranks the vendor's usual one (core/vendors/usual-split.ts) the run offers...
  if ((before.allocations ?? []).length > 0) delete changes.allocations;
  // ...and stays only while it still fits what this run read (core/invoices/allocations).
  changes = {
    ...changes,
    ...splitsAfterRun(before, {
      totalAmount: changes.totalAmount === undefined ? before.totalAmount : changes.totalAmount,
      linesReplaced: lines !== null,
    }),
  };
  // Every invoice sent to review says why (the states give reasons; this guards the invariant).
  if (changes.status === 'REVIEW_REQUIRED' && !changes.reviewReasons?.length) {
    changes = {
      ...changes,
      reviewReasons: ['Processing could not confirm the fields; check them before approving.'],
    };
  }
  // Ready for approval: the steps it needs are fixed now, by the rules as they are now.
  changes.approvalSteps = await approvalStepsFor({ ...before, ...changes });
  // The decision's notification and event are outbox items of the decision's own transaction.
  const decided = { ...before, ...changes };
  const processed = decided.status === 'PROCESSED';
  const kind: Notification['kind'] = processed ? 'processed' : 'review_required';
  const outbox = [
    notificationEffect({
      kind,
      invoiceId: ctx.invoiceId,
      message: processed
        ? `${invoiceLabel(decided)} was processed`
        : `${invoiceLabel(decided)} needs review: ${decided.reviewReasons[0] ?? 'low confidence'}`,
    }),
    invoiceEventEffect(ctx.invoiceId, processed ? 'invoice.processed' : 'invoice.review_required'),
    ...(await moreEffects(decided)),
  ];
  let after: InvoiceItem;
  try {
    after = await saveInvoice(
      before,
      changes,
      {
        type: changes.status === 'PROCESSED' ? 'processed' : 'review_required',
        actor: 'system',
        actorName: 'Invoice processing',
      },
      { condition: { expression: 'processingRunId = :run', values: { ':run': ctx.runId } }, outbox },
    );
  } catch (error) {
    if ((error as { code?: string }).code === 'stale_version')
      throw new StaleRun(`Invoice ${ctx.invoiceId} changed meanwhile`);
    throw error;
  }
  return after;
}

import { ulid } from 'ulid';
import { findInvoice } from '../../adapters/dynamodb/invoices';
import { getOrganization } from '../../adapters/dynamodb/organizations';
import { takeProcessingSlot } from '../../adapters/dynamodb/processing-slots';
import { coreHandler } from '../../adapters/handler';
import { processingCapOf } from '../../core/fairness/fair-share';
import { saveInvoice } from '../../core/invoices/commit';
import { canTransition } from '../../core/invoices/transitions';
import type { StateInput, WorkflowContext } from '../types';

/** Where an asynchronous Textract job of this run writes its answer. */
export const textractPrefixOf = (ctx: WorkflowContext, runId: string) =>
  `textract-output/${ctx.orgId}/${ctx.invoiceId}/${runId}`;

/**
 * Claim: UPLOADED → PROCESSING for the invoice's current run id, written with optimistic locking on
 * `version` (and a guard on the run id), so exactly one execution wins. A duplicate object-created
 * event, a second execution of the same run, or an invoice that is no longer UPLOADED is not claimed
 * and the execution ends. The status change goes through saveInvoice, so the aggregates move with it.
 *
 * Fair processing: the invoice first takes one of its organization's processing slots (the plan's cap,
 * core/fairness/fair-share.ts). At the cap it stays UPLOADED and the execution waits (WaitForSlot) and
 * claims again, so one tenant's backlog only ever waits for its own slots. Decide and MarkFailed give the
 * slot back; a crashed run's lease runs out.
 */
export const handler = coreHandler(async function claimState({
  ctx,
  executionId,
}: StateInput & { executionId?: string }): Promise<WorkflowContext> {
  const before = await findInvoice(ctx.orgId, ctx.invoiceId);
  // A file the invoice no longer names (its pages were cut again since the event was sent, when a
  // reviewer split or merged it) is not read: the run of the file it names now comes with its own start.
  if (!before || !canTransition('claim', before.status) || before.objectKey !== ctx.objectKey)
    return { ...ctx, claimed: false, waitingForSlot: false };
  const { plan } = await getOrganization(ctx.orgId);
  if (!(await takeProcessingSlot(ctx.orgId, ctx.invoiceId, processingCapOf(plan)))) {
    return { ...ctx, claimed: false, waitingForSlot: true };
  }
  const runId = before.processingRunId ?? ulid();
  try {
    await saveInvoice(
      before,
      {
        status: 'PROCESSING',
        processingStage: 'INSPECTING',
        processingRunId: runId,
        processingExecutionId: executionId ?? null,
        aiConfidence: null,
      },
      { type: 'processing_started', actor: 'system', actorName: 'Invoice processing' },
      before.processingRunId
        ? { condition: { expression: 'processingRunId = :run', values: { ':run': runId } } }
        : {},
    );
  } catch (error) {
    // Another execution claimed this invoice: the slot (held per invoice) is now that execution's.
    if ((error as { code?: string }).code === 'stale_version')
      return { ...ctx, claimed: false, waitingForSlot: false };
    throw error;
  }
  return {
    ...ctx,
    claimed: true,
    waitingForSlot: false,
    runId,
    claimedAt: new Date().toISOString(),
    textractPrefix: textractPrefixOf(ctx, runId),
  };
});

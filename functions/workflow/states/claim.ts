import { ulid } from 'ulid';
import { findInvoice, saveInvoice } from '../../adapters/dynamodb/invoices';
import { observed } from '../../adapters/observability/middleware';
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
 */
export const handler = observed(async function claimState({
  ctx,
  executionId,
}: StateInput & { executionId?: string }): Promise<WorkflowContext> {
  const before = await findInvoice(ctx.orgId, ctx.invoiceId);
  if (!before || !canTransition('claim', before.status)) return { ...ctx, claimed: false };
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
    if ((error as { code?: string }).code === 'stale_version') return { ...ctx, claimed: false };
    throw error;
  }
  return {
    ...ctx,
    claimed: true,
    runId,
    claimedAt: new Date().toISOString(),
    textractPrefix: textractPrefixOf(ctx, runId),
  };
});

import { getRun, type RunValidation, updateRun } from '../../adapters/dynamodb/runs';
import { coreHandler } from '../../adapters/handler';
import { validateAndDecide } from '../../core/extraction/pipeline';
import { validationContext } from '../lib/org-data';
import { setStage } from '../lib/stage';
import { claimed, type StateInput, type WorkflowContext } from '../types';

/**
 * Validate: core's `validateAndDecide` (the function `npm run extract` runs): unreadable files,
 * arithmetic, dates, confidence and duplicates within the organization (same file bytes, or the same
 * vendor's invoices with the same number, or the same total and date). Stored with the run for Decide.
 */
export const handler = coreHandler(async function validateState({
  ctx: input,
}: StateInput): Promise<WorkflowContext> {
  const ctx = claimed(input);
  await setStage(ctx.orgId, ctx.invoiceId, ctx.runId, 'VALIDATING');
  const run = await getRun(ctx.orgId, ctx.invoiceId, ctx.runId);
  if (!run) throw new Error(`Invoice ${ctx.invoiceId}: no normalized result for run ${ctx.runId}`);
  const decided = await validateAndDecide(
    run.extracted,
    await validationContext(ctx),
    { vendorId: run.classification?.vendorId ?? null, currency: run.classification?.currency ?? null },
    (run.layout ?? []).map((l) => l.text),
  );
  // A batch file Split kept as one invoice is reviewed, whatever was read from it.
  const validation: RunValidation = {
    reasons: ctx.splitNote ? [ctx.splitNote, ...decided.reviewReasons] : decided.reviewReasons,
    aiConfidence: decided.aiConfidence,
    decision: ctx.splitNote ? 'REVIEW_REQUIRED' : decided.status,
    duplicateOf: decided.duplicateOf,
    readFailure: decided.readFailure,
  };
  await updateRun(ctx.orgId, ctx.invoiceId, ctx.runId, 'validation', validation);
  return ctx;
});

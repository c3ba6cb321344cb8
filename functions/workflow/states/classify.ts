import { getRun, type RunClassification, updateRun } from '../../adapters/dynamodb/runs';
import { coreHandler } from '../../adapters/handler';
import { classifyInvoice } from '../../core/extraction/pipeline';
import { classificationContext } from '../lib/org-data';
import { setStage } from '../lib/stage';
import { claimed, type StateInput, type WorkflowContext } from '../types';

/**
 * Classify: core's `classifyInvoice` (the function `npm run extract` runs) on the normalized invoice,
 * with the organization's chart, reviewers' memory, vendors, properties and own names, and the linked
 * vendor's layout memory read on the run's lines (core/vendors/memory.ts); a vendor no known one
 * matches is made as a SUGGESTED vendor. What it found is stored with the run for Decide,
 * and the reading with the seller it chose (never the buyer) for Validate and Decide.
 */
export const handler = coreHandler(async function classifyState({
  ctx: input,
}: StateInput): Promise<WorkflowContext> {
  const ctx = claimed(input);
  await setStage(ctx.orgId, ctx.invoiceId, ctx.runId, 'CLASSIFYING');
  const run = await getRun(ctx.orgId, ctx.invoiceId, ctx.runId);
  if (!run) throw new Error(`Invoice ${ctx.invoiceId}: no normalized result for run ${ctx.runId}`);
  const found = await classifyInvoice(
    run.extracted,
    await classificationContext(ctx.orgId, ctx.invoiceId),
    run.addressText,
    run.evidence ?? null,
    run.layout ?? null,
  );
  const { category, classification: answer } = found;
  const classification: RunClassification = {
    categoryId: category?.id ?? null,
    categoryName: category?.name ?? null,
    categoryCode: category?.code ?? null,
    categoryConfidence: answer.confidence,
    categorySource: answer.source,
    vendorId: found.vendorMatch?.vendorId ?? null,
    vendorMatch: found.vendorMatch,
    propertyId: found.propertyMatch?.propertyId ?? null,
    ...(found.allocations.length ? { allocations: found.allocations } : {}),
    ...(found.currency ? { currency: found.currency } : {}),
    notes: found.notes,
  };
  // The seller the organization's evidence chose (never the buyer) is what Validate and Decide read.
  if (found.invoice !== run.extracted)
    await updateRun(ctx.orgId, ctx.invoiceId, ctx.runId, 'extracted', found.invoice);
  await updateRun(ctx.orgId, ctx.invoiceId, ctx.runId, 'classification', classification);
  return ctx;
});

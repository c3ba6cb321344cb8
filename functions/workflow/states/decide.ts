import { getOrganization } from '../../adapters/dynamodb/organizations';
import { releaseProcessingSlot } from '../../adapters/dynamodb/processing-slots';
import { getRun } from '../../adapters/dynamodb/runs';
import { coreHandler } from '../../adapters/handler';
import { recordDecision } from '../../adapters/observability/metrics';
import { approversNotice } from '../../core/approvals/routing';
import type { ExtractedInvoice } from '../../core/extraction/types';
import { autoApprovalReason, autoApproveIfAllowed } from '../../core/invoices/decisions';
import { EXTRACTED_FIELDS, type ExtractedValues } from '../../core/invoices/fields';
import { settle } from '../../core/invoices/processing';
import { setStage } from '../lib/stage';
import { claimed, StaleRun, type StateInput, type WorkflowContext } from '../types';

/** The fields as the AI read them, kept on the invoice so reviewers' corrections can be counted. */
function extractedValuesOf(extracted: ExtractedInvoice): ExtractedValues {
  return Object.fromEntries(EXTRACTED_FIELDS.map((f) => [f, extracted[f] ?? null])) as ExtractedValues;
}

/** Decide: PROCESSED or REVIEW_REQUIRED with reasons, from what the earlier states stored with the run. */
export const handler = coreHandler(async function decideState({
  ctx: input,
}: StateInput): Promise<WorkflowContext> {
  const ctx = claimed(input);
  await setStage(ctx.orgId, ctx.invoiceId, ctx.runId, 'DECIDING').catch((error) => {
    // A retried Decide after its own successful write finds the run settled: settle() tells.
    if (!(error instanceof StaleRun)) throw error;
  });
  const file = {
    ...(ctx.pageCount ? { pageCount: ctx.pageCount } : {}),
    ...(ctx.fileSize ? { fileSize: ctx.fileSize } : {}),
    ...(ctx.contentType ? { contentType: ctx.contentType } : {}),
  };
  if (ctx.rejectReason) {
    const rejected = await settle(
      ctx,
      {
        ...file,
        status: 'REVIEW_REQUIRED',
        processingStage: 'DONE',
        reviewReasons: [ctx.rejectReason],
        readFailure: ctx.rejectReason,
        aiConfidence: 0,
        fieldConfidence: {},
        fieldLocations: {},
      },
      [],
    );
    recordDecision(rejected);
    await releaseProcessingSlot(ctx.orgId, ctx.invoiceId);
    return ctx;
  }
  const run = await getRun(ctx.orgId, ctx.invoiceId, ctx.runId);
  if (!run?.validation || !run.classification) {
    throw new Error(`Invoice ${ctx.invoiceId}: run ${ctx.runId} was not classified and validated`);
  }
  const { extracted, classification, validation } = run;
  const org = await getOrganization(ctx.orgId);
  const after = await settle(
    ctx,
    {
      ...file,
      ...(run.pageCount ? { pageCount: run.pageCount } : {}),
      status: validation.decision,
      processingStage: 'DONE',
      vendorName: extracted.vendorName,
      vendorAddress: extracted.vendorAddress,
      vendorEmail: extracted.vendorEmail,
      vendorPhone: extracted.vendorPhone,
      invoiceNumber: extracted.invoiceNumber,
      invoiceDate: extracted.invoiceDate,
      dueDate: extracted.dueDate,
      subtotal: extracted.subtotal,
      taxAmount: extracted.taxAmount,
      totalAmount: extracted.totalAmount,
      // Runs normalized before the account fields were read have none.
      amountDue: extracted.amountDue ?? null,
      accountNumber: extracted.accountNumber ?? null,
      serviceAddress: extracted.serviceAddress ?? null,
      servicePeriodStart: extracted.servicePeriodStart ?? null,
      servicePeriodEnd: extracted.servicePeriodEnd ?? null,
      matchNotes: classification.notes ?? [],
      // A run classified before currencies were resolved keeps the invoice's stored currency.
      ...((classification.currency ?? extracted.currency)
        ? { currency: classification.currency ?? extracted.currency }
        : {}),
      vendorId: classification.vendorId,
      vendorMatch: classification.vendorMatch ?? null,
      duplicateOf: validation.duplicateOf ?? null,
      readFailure: validation.readFailure ?? null,
      propertyId: classification.propertyId,
      // The vendor's usual split; settle keeps a person's own split over it.
      ...(classification.allocations?.length ? { allocations: classification.allocations } : {}),
      categoryId: classification.categoryId,
      categoryName: classification.categoryName,
      reviewReasons: validation.reasons,
      aiConfidence: validation.aiConfidence,
      fieldConfidence: { ...extracted.confidence, category: classification.categoryConfidence },
      // A run normalized before locations were kept has none.
      fieldLocations: extracted.locations ?? {},
      extracted: extractedValuesOf(extracted),
    },
    extracted.lineItems,
    // The approvers hear of it in the decision's own transaction, unless auto-approval takes it next.
    async (decided) => ((await autoApprovalReason(decided, org)) ? [] : approversNotice(decided)),
  );
  recordDecision(after);
  // Decided: the organization's next invoice may start (Claim's slots, core/fairness/fair-share.ts).
  await releaseProcessingSlot(ctx.orgId, ctx.invoiceId);
  if (after?.status === 'PROCESSED') await autoApproveIfAllowed(after, org);
  return ctx;
});

import { invoicesOfVendor } from '../../adapters/dynamodb/invoices';
import { validateAndDecide } from '../../core/extraction/pipeline';
import type { PossibleDuplicate } from '../../core/validation/validate';
import { getRun, type RunValidation, updateRun } from '../lib/run-store';
import { setStage } from '../lib/stage';
import { claimed, type StateInput, type WorkflowContext } from '../types';

/** Statuses whose invoices count as "already here" for duplicate detection. */
const SETTLED = new Set(['PROCESSED', 'REVIEW_REQUIRED', 'APPROVED', 'PROCESSING']);

/**
 * Validate and Decide's verdict: arithmetic, dates and confidence (core's `validateAndDecide`, as in
 * `npm run extract`), and duplicates within the
 * organization: the same vendor's earlier invoices, found on the vendor index (GSI2), never across
 * organizations. Rejected invoices and this invoice itself are not duplicates.
 */
export async function handler({ ctx: input }: StateInput): Promise<WorkflowContext> {
  const ctx = claimed(input);
  await setStage(ctx.orgId, ctx.invoiceId, ctx.runId, 'VALIDATING');
  const run = await getRun(ctx.orgId, ctx.invoiceId, ctx.runId);
  if (!run) throw new Error(`Invoice ${ctx.invoiceId}: no normalized result for run ${ctx.runId}`);
  const { extracted } = run;
  const duplicates: PossibleDuplicate[] = extracted.vendorName
    ? (await invoicesOfVendor(ctx.orgId, extracted.vendorName))
        .filter((other) => other.id !== ctx.invoiceId && SETTLED.has(other.status))
        .map((other) => ({
          id: other.id,
          invoiceNumber: other.invoiceNumber,
          vendorName: other.vendorName,
          totalAmount: other.totalAmount,
          invoiceDate: other.invoiceDate,
        }))
    : [];
  const decided = await validateAndDecide(extracted, { duplicatesFinder: async () => duplicates });
  const validation: RunValidation = {
    reasons: decided.reviewReasons,
    aiConfidence: decided.aiConfidence,
    decision: decided.status,
  };
  await updateRun(ctx.orgId, ctx.invoiceId, ctx.runId, 'validation', validation);
  return ctx;
}

import type { DuplicateOf } from '../../../shared/schemas';
import { invoicesOfVendor } from '../../adapters/dynamodb/invoice-listing';
import { findInvoice, invoiceIdsWithContentHash, recordContentHash } from '../../adapters/dynamodb/invoices';
import { getRun, type RunValidation, updateRun } from '../../adapters/dynamodb/runs';
import { observed } from '../../adapters/observability/middleware';
import {
  aiConfidenceOf,
  duplicateMatches,
  explainDecision,
  isUnreadable,
  type PossibleDuplicate,
  UNREADABLE_REASON,
  validateInvoice,
} from '../../core/validation/validate';
import { setStage } from '../lib/stage';
import { claimed, type StateInput, type WorkflowContext } from '../types';

/** Statuses whose invoices count as "already here" for the fuzzy duplicate check. */
const SETTLED = new Set(['PROCESSED', 'REVIEW_REQUIRED', 'APPROVED', 'PROCESSING']);

/**
 * The earliest other invoice of the organization with the same file bytes, whatever became of it
 * (edited, approved, rejected). Only earlier uploads count, so of two copies only the second is flagged.
 */
async function identicalFile(ctx: WorkflowContext & { runId: string }): Promise<DuplicateOf | null> {
  if (!ctx.contentHash) return null;
  await recordContentHash(ctx.orgId, ctx.contentHash, ctx.invoiceId);
  const earlier = (await invoiceIdsWithContentHash(ctx.orgId, ctx.contentHash))
    .filter((id) => id < ctx.invoiceId)
    .sort();
  for (const id of earlier) {
    const other = await findInvoice(ctx.orgId, id);
    if (other) return { id: other.id, invoiceNumber: other.invoiceNumber, match: 'identical_file' };
  }
  return null;
}

const nameOf = (d: DuplicateOf) =>
  d.invoiceNumber ? `invoice ${d.invoiceNumber}` : `invoice #${d.id.slice(-8)}`;

/**
 * Validate: a file with nothing of an invoice on it is 'could not read'; otherwise arithmetic, dates
 * and confidence (core's `validateInvoice`), and duplicates within the organization: the same file
 * bytes uploaded before (sha256), or the same vendor's earlier invoices with the same number, or the
 * same total and date (found on the vendor index, GSI2), never across organizations. Every invoice
 * sent to review carries at least one reason in words.
 */
export const handler = observed(async function validateState({
  ctx: input,
}: StateInput): Promise<WorkflowContext> {
  const ctx = claimed(input);
  await setStage(ctx.orgId, ctx.invoiceId, ctx.runId, 'VALIDATING');
  const run = await getRun(ctx.orgId, ctx.invoiceId, ctx.runId);
  if (!run) throw new Error(`Invoice ${ctx.invoiceId}: no normalized result for run ${ctx.runId}`);
  const { extracted } = run;
  const aiConfidence = aiConfidenceOf(extracted);
  if (isUnreadable(extracted)) {
    const validation: RunValidation = {
      reasons: [UNREADABLE_REASON],
      aiConfidence,
      decision: 'REVIEW_REQUIRED',
      readFailure: UNREADABLE_REASON,
      duplicateOf: null,
    };
    await updateRun(ctx.orgId, ctx.invoiceId, ctx.runId, 'validation', validation);
    return ctx;
  }
  const candidates: PossibleDuplicate[] = extracted.vendorName
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
  const reasons = validateInvoice(extracted, { duplicates: candidates });
  const sameFile = await identicalFile(ctx);
  if (sameFile)
    reasons.unshift(`Possible duplicate of ${nameOf(sameFile)}: the same file was uploaded before.`);
  const fuzzy = duplicateMatches(extracted, candidates)[0];
  const duplicateOf: DuplicateOf | null =
    sameFile ??
    (fuzzy ? { id: fuzzy.other.id, invoiceNumber: fuzzy.other.invoiceNumber, match: fuzzy.match } : null);
  const { decision, reasons: explained } = explainDecision(reasons, aiConfidence);
  const validation: RunValidation = {
    reasons: explained,
    aiConfidence,
    decision,
    duplicateOf,
    readFailure: null,
  };
  await updateRun(ctx.orgId, ctx.invoiceId, ctx.runId, 'validation', validation);
  return ctx;
});

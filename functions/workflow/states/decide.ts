import type { Notification } from '../../../shared/schemas';
import {
  findInvoice,
  type InvoiceItem,
  replaceLineItems,
  saveInvoice,
} from '../../adapters/dynamodb/invoices';
import { addNotification } from '../../adapters/dynamodb/notifications';
import { getOrganization } from '../../adapters/dynamodb/organizations';
import { recordDecision } from '../../adapters/observability/metrics';
import { observed } from '../../adapters/observability/middleware';
import type { ExtractedInvoice } from '../../core/extraction/types';
import { splitsAfterRun } from '../../core/invoices/allocations';
import { EXTRACTED_FIELDS, type ExtractedValues } from '../../core/invoices/fields';
import { approvalStepsFor, notifyApprovers } from '../../services/approvals';
import { autoApproveIfAllowed } from '../../services/decisions';
import { publishInvoiceEvent } from '../../services/invoice-events';
import { getRun } from '../lib/run-store';
import { setStage } from '../lib/stage';
import { claimed, StaleRun, type StateInput, type WorkflowContext } from '../types';

const label = (item: Pick<InvoiceItem, 'invoiceNumber' | 'filename'>) =>
  item.invoiceNumber ? `Invoice ${item.invoiceNumber}` : item.filename;

/** The fields as the AI read them, kept on the invoice so reviewers' corrections can be counted. */
function extractedValuesOf(extracted: ExtractedInvoice): ExtractedValues {
  return Object.fromEntries(EXTRACTED_FIELDS.map((f) => [f, extracted[f] ?? null])) as ExtractedValues;
}

/**
 * Writes the run's outcome on the invoice: one saveInvoice (optimistic lock on `version` + guard on
 * the run id) carries the status, fields, aggregate deltas and the audit event; then the
 * notification and the `invoice.processed` / `invoice.review_required` event. A retry after a
 * successful write finds the run already decided and does nothing, so nothing is counted twice.
 */
export async function settle(
  ctx: WorkflowContext & { runId: string },
  outcome: Partial<InvoiceItem>,
  /** The run's line items, or null to keep the stored ones (a failed run has none to offer). */
  lines: ExtractedInvoice['lineItems'] | null,
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
  const before = await findInvoice(ctx.orgId, ctx.invoiceId);
  if (!before || before.processingRunId !== ctx.runId)
    throw new StaleRun(`Invoice ${ctx.invoiceId} has a newer run`);
  if (before.status !== 'PROCESSING') {
    // Decided already by this very run (a retried Decide), or a person approved/rejected meanwhile.
    if (before.processingStage === 'DONE' || before.processingStage === 'FAILED') return null;
    throw new StaleRun(`Invoice ${ctx.invoiceId} is ${before.status}`);
  }
  if (lines) {
    await replaceLineItems(
      ctx.orgId,
      ctx.invoiceId,
      lines.map((l) => ({ ...l, categoryId: null })),
    );
  }
  // A person's splits stay only while they still fit what this run read (core/invoices/allocations).
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
      { condition: { expression: 'processingRunId = :run', values: { ':run': ctx.runId } } },
    );
  } catch (error) {
    if ((error as { code?: string }).code === 'stale_version')
      throw new StaleRun(`Invoice ${ctx.invoiceId} changed meanwhile`);
    throw error;
  }
  const processed = after.status === 'PROCESSED';
  const kind: Notification['kind'] = processed ? 'processed' : 'review_required';
  await addNotification(ctx.orgId, {
    kind,
    invoiceId: ctx.invoiceId,
    message: processed
      ? `${label(after)} was processed`
      : `${label(after)} needs review: ${after.reviewReasons[0] ?? 'low confidence'}`,
  });
  await publishInvoiceEvent(
    ctx.orgId,
    ctx.invoiceId,
    processed ? 'invoice.processed' : 'invoice.review_required',
  );
  return after;
}

/** Decide: PROCESSED or REVIEW_REQUIRED with reasons, from what the earlier states stored with the run. */
export const handler = observed(async function decideState({
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
    return ctx;
  }
  const run = await getRun(ctx.orgId, ctx.invoiceId, ctx.runId);
  if (!run?.validation || !run.classification) {
    throw new Error(`Invoice ${ctx.invoiceId}: run ${ctx.runId} was not classified and validated`);
  }
  const { extracted, classification, validation } = run;
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
      // A run classified before currencies were resolved keeps the invoice's stored currency.
      ...((classification.currency ?? extracted.currency)
        ? { currency: classification.currency ?? extracted.currency }
        : {}),
      vendorId: classification.vendorId,
      vendorMatch: classification.vendorMatch ?? null,
      duplicateOf: validation.duplicateOf ?? null,
      readFailure: validation.readFailure ?? null,
      propertyId: classification.propertyId,
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
  );
  recordDecision(after);
  const autoApproved =
    after?.status === 'PROCESSED' && (await autoApproveIfAllowed(after, await getOrganization(ctx.orgId)));
  if (after && !autoApproved) await notifyApprovers(after);
  return ctx;
});

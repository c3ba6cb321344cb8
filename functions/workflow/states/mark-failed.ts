import { findInvoice } from '../../adapters/dynamodb/invoices';
import { releaseProcessingSlot } from '../../adapters/dynamodb/processing-slots';
import { coreHandler } from '../../adapters/handler';
import { recordDecision } from '../../adapters/observability/metrics';
import { parseObjectKey } from '../../adapters/s3/storage';
import { saveInvoice } from '../../core/invoices/commit';
import { settle } from '../../core/invoices/processing';
import { StaleRun, type WorkflowContext } from '../types';

/** The state input when a Catch routes here: whatever the failing state had, plus the error. */
export interface MarkFailedInput {
  bucket?: string;
  objectKey?: string;
  ctx?: WorkflowContext;
  error?: { Error?: string; Cause?: string };
  /** The failed execution, when the backstop (not a Catch) calls: it settles the run this execution claimed. */
  executionId?: string;
  /** Step Functions' "Execution Status Change" event (EventBridge), for failures no Catch saw. */
  detail?: { executionArn?: string; input?: string; error?: string; cause?: string; status?: string };
}

const KNOWN: Record<string, string> = {
  'Textract.UnsupportedDocumentException': 'Text extraction does not support this document',
  'Textract.BadDocumentException': 'The document could not be read by text extraction',
  'Textract.DocumentTooLargeException': 'The document is too large for text extraction',
  'Textract.InvalidS3ObjectException': 'The file could not be read from storage',
  'Textract.JobFailed': 'The text extraction job failed',
  'Textract.JobTimedOut': 'The text extraction job did not finish in time',
  'States.Timeout': 'Processing took too long',
  'States.DataLimitExceeded': 'The extraction result was too large',
};

/** A reason a reviewer can read, from a Step Functions error (Lambda causes are JSON). */
export function failureReason(error: { Error?: string; Cause?: string } | undefined): string {
  const name = error?.Error ?? 'Error';
  let message = error?.Cause ?? '';
  try {
    const parsed = JSON.parse(message) as { errorMessage?: string };
    if (parsed.errorMessage) message = parsed.errorMessage;
  } catch {
    // A plain-text cause.
  }
  const known = KNOWN[name];
  if (known) return `Processing failed: ${known}`;
  const detail = message.replace(/\s+/g, ' ').trim().slice(0, 200);
  return `Processing failed: ${detail || name}`;
}

/**
 * MarkFailed, the fail-safe: any error a state could not recover from sends the invoice to
 * REVIEW_REQUIRED with the reason and aiConfidence 0, so nothing is left PROCESSING. It only touches
 * the run it belongs to: with a run id (from the state, or from the execution that claimed it), only that
 * run; without one (Register or Claim failed), only an invoice nobody has claimed (UPLOADED), never
 * another execution's work.
 */
export const handler = coreHandler(async function markFailedState(
  input: MarkFailedInput,
): Promise<{ marked: boolean }> {
  let state: MarkFailedInput = input;
  if (input.detail?.input) {
    state = {
      ...(JSON.parse(input.detail.input) as MarkFailedInput),
      executionId: input.detail.executionArn,
      error: { Error: input.detail.error, Cause: input.detail.cause },
    };
  }
  const parsed = state.ctx?.orgId ? state.ctx : state.objectKey ? parseObjectKey(state.objectKey) : undefined;
  if (!parsed?.orgId) return { marked: false };
  const invoice = await findInvoice(parsed.orgId, parsed.invoiceId);
  if (!invoice) return { marked: false };
  // A Catch passes the run in ctx; the backstop knows only the execution, which Claim recorded.
  const claimedByThisExecution =
    Boolean(state.executionId) && invoice.processingExecutionId === state.executionId;
  const runId = state.ctx?.runId ?? (claimedByThisExecution ? invoice.processingRunId : undefined);
  const mine = runId
    ? invoice.processingRunId === runId && (invoice.status === 'PROCESSING' || invoice.status === 'UPLOADED')
    : invoice.status === 'UPLOADED';
  if (!mine) return { marked: false };
  const ctx = {
    bucket: state.bucket ?? state.ctx?.bucket ?? '',
    objectKey: invoice.objectKey,
    orgId: invoice.orgId,
    invoiceId: invoice.id,
    registered: true,
    runId: invoice.processingRunId ?? '',
  };
  if (invoice.status === 'UPLOADED') {
    // Nobody claimed it: claim it for this failure so settle()'s guards hold.
    await saveInvoice(invoice, { status: 'PROCESSING' }, null, {
      condition: { expression: 'processingRunId = :run', values: { ':run': ctx.runId } },
    });
  }
  try {
    const after = await settle(
      ctx,
      {
        status: 'REVIEW_REQUIRED',
        processingStage: 'FAILED',
        reviewReasons: [failureReason(state.error)],
        aiConfidence: 0,
      },
      null,
    );
    recordDecision(after);
    // The failed run's processing slot is given back (Claim took it; a lease would free it later).
    await releaseProcessingSlot(invoice.orgId, invoice.id);
    return { marked: after !== null };
  } catch (error) {
    if (error instanceof StaleRun) return { marked: false };
    throw error;
  }
});

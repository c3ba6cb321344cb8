/** How a file is read: its own text layer (the local engine), or OCR (Textract in the cloud). */
export type DocumentKind = 'text-pdf' | 'scan';

/**
 * What travels between the states of the processing workflow. It stays small on purpose (ids, keys and
 * a few facts): Step Functions caps a state's payload at 256 KB, so the analysis and the normalized
 * invoice are stored with the run (see `lib/run-store.ts`) and read back by the states that need them.
 */
export interface WorkflowContext {
  bucket: string;
  /** The stored object key (as the invoice records it, not as the event spelled it). */
  objectKey: string;
  orgId: string;
  invoiceId: string;
  /** False when the object belongs to no invoice (orphan, deleted) or could not be registered. */
  registered: boolean;
  /** Set by Claim: whether this execution owns the run. */
  claimed?: boolean;
  /** Set by Claim: the organization is at its cap of invoices in processing; claim again after a wait. */
  waitingForSlot?: boolean;
  /** The invoice's `processingRunId` this execution claimed; every later write is guarded by it. */
  runId?: string;
  /** Set by Claim: when this execution claimed the run (extraction latency is measured from it). */
  claimedAt?: string;
  /** Where an asynchronous Textract job writes its answer (tenant- and run-scoped). */
  textractPrefix?: string;
  /** Set by Inspect. */
  contentType?: string;
  pageCount?: number;
  fileSize?: number;
  /** Set by Inspect for a file that can be processed: the extraction it is routed to. */
  kind?: DocumentKind;
  /** Set by Inspect for a file that cannot be read: Decide sends it to review with this reason. */
  rejectReason?: string;
  /** Set by Inspect: sha256 of the file's bytes (hex), for byte-identical duplicates. */
  contentHash?: string;
  /** Set by Split for a batch file kept as one invoice: why, for its review (Validate adds it). */
  splitNote?: string;
}

/** The input every state after Register receives. */
export interface StateInput {
  ctx: WorkflowContext;
}

/** Execution input: what an object-created event (or a reprocess request) says. */
export interface ExecutionInput {
  bucket: string;
  objectKey: string;
  reason?: 'upload' | 'reprocess' | 'resume';
}

/** The error a superseded run ends with, by name in the ASL; thrown by the invoice use-cases too. */
export { StaleRun } from '../core/invoices/processing';

/** A claimed context: every state after Claim can rely on these. */
export function claimed(ctx: WorkflowContext): WorkflowContext & { runId: string } {
  if (!ctx.runId) throw new Error(`Invoice ${ctx.invoiceId}: state reached without a claimed run`);
  return ctx as WorkflowContext & { runId: string };
}

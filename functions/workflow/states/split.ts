import { createHash } from 'node:crypto';
import { PLAN_MONTHLY_INVOICE_LIMIT } from '../../../shared/constants';
import { getInvoice } from '../../adapters/dynamodb/invoices';
import { getOrganization } from '../../adapters/dynamodb/organizations';
import { coreHandler } from '../../adapters/handler';
import { logger } from '../../adapters/observability/logger';
import { getObjectBytes } from '../../adapters/s3/storage';
import type { PageReading } from '../../core/files/document-boundaries';
import type { PageRef } from '../../core/files/pdf-cut';
import { splitBatchFile } from '../../core/invoices/batch-split';
import type { InvoiceItem } from '../../core/invoices/invoice';
import { inProcessPdfReader, type PdfReader } from '../../extraction/pdf/pdf-reader';
import { claimed, StaleRun, type StateInput, type WorkflowContext } from '../types';
import { MAX_PAGES } from './inspect';

/** A claimed run's context, as Split and SplitRead receive it. */
type ClaimedContext = ReturnType<typeof claimed>;

/**
 * Whether this run may split its invoice's file: not when the invoice is a batch's document already (a
 * split document, or an invoice split before and now reprocessed), except when this very run split it
 * and is retried (the parent names the upload as its batch, but holds the first document now).
 */
export async function splittable(ctx: ClaimedContext): Promise<InvoiceItem | null> {
  const invoice = await getInvoice(ctx.orgId, ctx.invoiceId);
  if (invoice.processingRunId !== ctx.runId) throw new StaleRun(`Invoice ${ctx.invoiceId} has a newer run`);
  const resumed = invoice.batch?.objectKey === ctx.objectKey && invoice.objectKey !== ctx.objectKey;
  return !invoice.batch || resumed ? invoice : null;
}

/** A file's pages as read (null: the file cannot be split, a page was not read) and their object refs. */
export type PagesRead = { pages: ReadonlyArray<PageReading | null> | null; refs: ReadonlyArray<PageRef> };

/**
 * Splits `invoice`'s file (the run's) at its documents' boundaries, found on the pages `readPages`
 * reads (core's `splitBatchFile`): the context the run goes on with, and whether it now holds only
 * the first document's file (`split`). A file kept whole for a reason (too many documents, the
 * month's limit) carries the reason on to Validate, which sends it to review.
 */
export async function splitRunFile(
  ctx: ClaimedContext,
  invoice: InvoiceItem,
  readPages: (bytes: Uint8Array) => Promise<PagesRead>,
): Promise<{ ctx: WorkflowContext; split: boolean }> {
  const bytes = await getObjectBytes(ctx.objectKey);
  const { pages, refs } = await readPages(bytes);
  if (!pages) return { ctx, split: false };
  const org = await getOrganization(ctx.orgId);
  const outcome = await splitBatchFile({
    parent: invoice,
    runId: ctx.runId,
    bytes,
    pages,
    refs,
    monthlyLimit: PLAN_MONTHLY_INVOICE_LIMIT[org.plan],
  });
  if (outcome.kind === 'single') return { ctx, split: false };
  if (outcome.kind === 'kept') {
    logger.info({ message: 'Split: batch kept as one invoice', documents: outcome.documents });
    return { ctx: { ...ctx, splitNote: outcome.reason }, split: false };
  }
  const { first } = outcome;
  logger.info({ message: 'Split: batch split into invoices', documents: outcome.children.length + 1 });
  return {
    ctx: {
      ...ctx,
      objectKey: first.objectKey,
      pageCount: first.lastPage - first.firstPage + 1,
      fileSize: first.fileSize,
      // Byte-identical duplicates are found by the document's own file from here on.
      contentHash: createHash('sha256').update(first.bytes).digest('hex'),
    },
    split: true,
  };
}

/**
 * Split: a text-layer PDF of several pages may be a batch scan of several invoices, found on the
 * pages' own text before anything reads the file. With two or more documents, each but the first gets
 * an invoice of its own (its pages cut into a file, processed from the start as an upload), while this
 * run goes on with the first document's pages only. A scan without a text layer is split after OCR,
 * by SplitRead. `pdfReader` reads the pages (see Inspect's).
 */
export function splitWith(pdfReader: PdfReader) {
  return coreHandler(async function splitState({ ctx: input }: StateInput): Promise<WorkflowContext> {
    const ctx = claimed(input);
    const invoice = await splittable(ctx);
    if (!invoice) return ctx;
    const outcome = await splitRunFile(ctx, invoice, (bytes) => pdfReader.pageTexts(bytes, MAX_PAGES));
    return outcome.ctx;
  });
}

/** The Lambda: pdfjs in its own process, which the Lambda's memory bounds. */
export const handler = splitWith(inProcessPdfReader);

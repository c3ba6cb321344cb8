import { createHash } from 'node:crypto';
import { PLAN_MONTHLY_INVOICE_LIMIT } from '../../../shared/constants';
import { getInvoice } from '../../adapters/dynamodb/invoices';
import { getOrganization } from '../../adapters/dynamodb/organizations';
import { coreHandler } from '../../adapters/handler';
import { logger } from '../../adapters/observability/logger';
import { getObjectBytes } from '../../adapters/s3/storage';
import { splitBatchFile } from '../../core/invoices/batch-split';
import { inProcessPdfReader, type PdfReader } from '../../extraction/pdf/pdf-reader';
import { claimed, StaleRun, type StateInput, type WorkflowContext } from '../types';
import { MAX_PAGES } from './inspect';

/**
 * Split: a text-layer PDF of several pages may be a batch scan of several invoices. Core's
 * `splitBatchFile` finds the documents' boundaries on the pages' text, and for two or more gives each
 * document but the first an invoice of its own (its pages cut into a file, processed from the start as
 * an upload), while this run goes on with the first document's pages only. A file kept whole for a
 * reason (too many documents, the month's limit) carries the reason on to Validate, which sends it to
 * review. A split document, or an invoice split before (a reprocess), is read as one document.
 * `pdfReader` reads the pages (see Inspect's).
 */
export function splitWith(pdfReader: PdfReader) {
  return coreHandler(async function splitState({ ctx: input }: StateInput): Promise<WorkflowContext> {
    const ctx = claimed(input);
    const invoice = await getInvoice(ctx.orgId, ctx.invoiceId);
    if (invoice.processingRunId !== ctx.runId) throw new StaleRun(`Invoice ${ctx.invoiceId} has a newer run`);
    // Split by this very run before a retry (the parent names the upload, but holds the first document now).
    const resumed = invoice.batch?.objectKey === ctx.objectKey && invoice.objectKey !== ctx.objectKey;
    if (invoice.batch && !resumed) return ctx;
    const bytes = await getObjectBytes(ctx.objectKey);
    const read = await pdfReader.pageTexts(bytes, MAX_PAGES);
    const org = await getOrganization(ctx.orgId);
    const outcome = await splitBatchFile({
      parent: invoice,
      runId: ctx.runId,
      bytes,
      pages: read.pages,
      refs: read.refs,
      monthlyLimit: PLAN_MONTHLY_INVOICE_LIMIT[org.plan],
    });
    if (outcome.kind === 'single') return ctx;
    if (outcome.kind === 'kept') {
      logger.info({ message: 'Split: batch kept as one invoice', documents: outcome.documents });
      return { ...ctx, splitNote: outcome.reason };
    }
    const { first } = outcome;
    logger.info({ message: 'Split: batch split into invoices', documents: outcome.children.length + 1 });
    return {
      ...ctx,
      objectKey: first.objectKey,
      pageCount: first.lastPage - first.firstPage + 1,
      fileSize: first.fileSize,
      // Byte-identical duplicates are found by the document's own file from here on.
      contentHash: createHash('sha256').update(first.bytes).digest('hex'),
    };
  });
}

/** The Lambda: pdfjs in its own process, which the Lambda's memory bounds. */
export const handler = splitWith(inProcessPdfReader);

import { putRun } from '../../adapters/dynamodb/runs';
import { coreHandler } from '../../adapters/handler';
import { logger } from '../../adapters/observability/logger';
import { recordExtractionLatency } from '../../adapters/observability/metrics';
import { getObjectBytes } from '../../adapters/s3/storage';
import { type EInvoice, readEmbeddedEInvoice } from '../../core/extraction/e-invoice';
import type { AnalyzeExpenseResponse } from '../../core/extraction/expense-types';
import { normalizeAnalysis } from '../../core/extraction/pipeline';
import { inProcessPdfReader, type PdfReader } from '../../extraction/pdf/pdf-reader';
import { readJobOutput } from '../lib/job-output';
import { setStage } from '../lib/stage';
import { claimed, type WorkflowContext } from '../types';

/** Normalize's input: the whole state, with the analysis inline (sync) or the finished job's id (async). */
export interface NormalizeInput {
  ctx: WorkflowContext;
  analysis?: AnalyzeExpenseResponse;
  job?: { JobId: string };
}

/**
 * The e-invoice XML the uploaded PDF carries, if any. Normalize is where the local engine's and
 * Textract's answers meet, so the XML is read here, from the upload itself: neither answer has it.
 * Reading it never fails the run: without the file or a readable XML the page's reading stands.
 */
export async function uploadedEInvoice(
  ctx: { objectKey: string; contentType?: string },
  pdfReader: PdfReader,
): Promise<EInvoice | null> {
  if (ctx.contentType !== 'application/pdf') return null;
  let bytes: Uint8Array;
  try {
    bytes = await getObjectBytes(ctx.objectKey);
  } catch (error) {
    logger.warn({
      message: 'Normalize: the upload could not be read for an e-invoice XML',
      error: String(error),
    });
    return null;
  }
  return readEmbeddedEInvoice({ bytes, contentType: 'application/pdf' }, pdfReader.embeddedFiles);
}

/**
 * Normalize: AnalyzeExpense answer → invoice fields, line items and per-field confidence (core's
 * `normalizeAnalysis`, as `npm run extract` runs it), with the values of the e-invoice XML a PDF
 * carries over the reading's. The result is stored with the run and only the context goes on, which
 * keeps the raw answer (it can be hundreds of KB) out of every later state's payload. `pdfReader`
 * reads the embedded XML (see Inspect's).
 */
export function normalizeWith(pdfReader: PdfReader) {
  return coreHandler(async function normalizeState(input: NormalizeInput): Promise<{ ctx: WorkflowContext }> {
    const ctx = claimed(input.ctx);
    await setStage(ctx.orgId, ctx.invoiceId, ctx.runId, 'NORMALIZING');
    let response: AnalyzeExpenseResponse;
    if (input.analysis) response = input.analysis;
    else if (input.job && ctx.textractPrefix)
      response = await readJobOutput(ctx.textractPrefix, input.job.JobId);
    else throw new Error('Normalize needs the analysis or a finished job');
    const eInvoice = await uploadedEInvoice(ctx, pdfReader);
    const { invoice: extracted, addressText, evidence, layout } = normalizeAnalysis(response, eInvoice);
    await putRun(ctx.orgId, ctx.invoiceId, {
      runId: ctx.runId,
      extracted,
      addressText,
      evidence,
      layout,
      pageCount: response.DocumentMetadata?.Pages ?? ctx.pageCount ?? null,
      createdAt: new Date().toISOString(),
    });
    recordExtractionLatency(ctx.claimedAt);
    return { ctx };
  });
}

/** The Lambda: pdfjs in its own process, which the Lambda's memory bounds. */
export const handler = normalizeWith(inProcessPdfReader);

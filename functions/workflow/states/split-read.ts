import { coreHandler } from '../../adapters/handler';
import { pageReadingsOf } from '../../core/extraction/page-readings';
import { inProcessPdfReader, type PdfReader } from '../../extraction/pdf/pdf-reader';
import { readJobOutput } from '../lib/job-output';
import { claimed, type WorkflowContext } from '../types';
import { MAX_PAGES } from './inspect';
import { splitRunFile, splittable } from './split';

/** SplitRead's input: the whole state after the asynchronous reading finished. */
export interface SplitReadInput {
  ctx: WorkflowContext;
  job: { JobId: string };
}

/**
 * What SplitRead hands on: the job to Normalize when the file stays whole, or `resplit` when the run
 * now holds the first document's file only, which is read again on its own (RouteExtraction).
 */
export type SplitReadOutput = (SplitReadInput & { resplit: false }) | { ctx: WorkflowContext; resplit: true };

/**
 * SplitRead: a scanned PDF of several pages (no text layer, so Split had nothing to read) may be a
 * mailroom's batch scan. Once OCR has read it, the documents' boundaries are found on the OCR lines
 * with the same rules as on a text layer, and the file is split as Split splits one: each document
 * but the first gets an invoice of its own (processed from the start as an upload), and this run goes
 * back to extraction with the first document's file. Reading the first document again costs its
 * pages once more (docs/cost.md) but keeps one reading per invoice, of its own file, as the reviewer
 * sees it. `pdfReader` reads the page tree the cut needs (see Inspect's).
 */
export function splitReadWith(pdfReader: PdfReader) {
  return coreHandler(async function splitReadState(input: SplitReadInput): Promise<SplitReadOutput> {
    const ctx = claimed(input.ctx);
    const invoice = await splittable(ctx);
    if (!invoice || !ctx.textractPrefix || !ctx.pageCount) return { ...input, resplit: false };
    const { textractPrefix, pageCount } = ctx;
    const outcome = await splitRunFile(ctx, invoice, async (bytes) => {
      const [answer, { refs }] = await Promise.all([
        readJobOutput(textractPrefix, input.job.JobId),
        pdfReader.pageTexts(bytes, MAX_PAGES),
      ]);
      return { pages: pageReadingsOf(answer, pageCount), refs };
    });
    return outcome.split
      ? { ctx: outcome.ctx, resplit: true }
      : { ...input, ctx: outcome.ctx, resplit: false };
  });
}

/** The Lambda: pdfjs in its own process, which the Lambda's memory bounds. */
export const handler = splitReadWith(inProcessPdfReader);

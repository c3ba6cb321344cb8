import { ulid } from 'ulid';
import { coreHandler } from '../../adapters/handler';
import { getObjectBytes, putObject } from '../../adapters/s3/storage';
import { readEmbeddedEInvoice } from '../../core/extraction/e-invoice';
import type { ExpenseAnalyzer } from '../../core/extraction/expense-types';
import { normalizeAnalysis, unsureFields } from '../../core/extraction/pipeline';
import { inProcessPdfReader, type PdfReader } from '../../extraction/pdf/pdf-reader';
import { TextLayerAnalyzer } from '../../extraction/text-layer';
import { claimed, type StateInput } from '../types';

/**
 * What ExtractLocally passes on: where its answer is stored (as an asynchronous Textract job's would be,
 * so Normalize reads either the same way), and the key fields it is unsure of. The workflow's Choice
 * sends an answer with unsure fields to Textract; any other goes straight to Normalize.
 */
export interface LocalReading {
  JobId: string;
  unsureFields: string[];
  confident: boolean;
}

/**
 * ExtractLocally for a PDF whose every page has a usable text layer (Inspect's `text-pdf`): the local
 * engine reads it (the same code as `npm start` and `npm run extract`), and Textract is paid for only
 * when the calibrated confidence of a key field is too low (core's `unsureFields`), after the e-invoice
 * XML the PDF may carry has filled what it states (Textract could add nothing to it). The answer is stored
 * under the run's Textract output prefix: it can be hundreds of KB, over the state payload limit.
 * `pdfReader` reads the embedded XML (see Inspect's).
 */
export function extractLocallyWith(analyzer: ExpenseAnalyzer, pdfReader: PdfReader) {
  return coreHandler(async function extractLocallyState({ ctx: input }: StateInput): Promise<LocalReading> {
    const ctx = claimed(input);
    if (!ctx.textractPrefix)
      throw new Error(`Invoice ${ctx.invoiceId}: run ${ctx.runId} has no output prefix`);
    const bytes = await getObjectBytes(ctx.objectKey);
    const doc = { bytes, contentType: 'application/pdf' } as const;
    const [answer, eInvoice] = await Promise.all([
      analyzer.analyze(doc),
      readEmbeddedEInvoice(doc, pdfReader.embeddedFiles),
    ]);
    const JobId = `local-${ulid()}`;
    await putObject(
      `${ctx.textractPrefix}/${JobId}/1`,
      new TextEncoder().encode(JSON.stringify(answer)),
      'application/json',
    );
    const unsure = unsureFields(normalizeAnalysis(answer, eInvoice).invoice);
    return { JobId, unsureFields: unsure, confident: unsure.length === 0 };
  });
}

/** The Lambda: the text-layer engine only (pdfjs and the field model; no OCR engine in the bundle). */
export const handler = extractLocallyWith(new TextLayerAnalyzer(), inProcessPdfReader);

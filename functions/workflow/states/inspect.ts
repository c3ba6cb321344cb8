import { createHash } from 'node:crypto';
import { MAX_UPLOAD_BYTES } from '../../../shared/constants';
import { coreHandler } from '../../adapters/handler';
import { getObjectBytes } from '../../adapters/s3/storage';
import { tiffPageCount } from '../../core/files/page-count';
import { MAX_PDF_INFLATED_BYTES, pdfExpandsWithin } from '../../core/files/pdf-streams';
import { sniffContentType } from '../../core/files/sniff';
import { EngineProcessFailed, inProcessPdfReader, type PdfReader } from '../../extraction/pdf/pdf-reader';
import { setStage } from '../lib/stage';
import { claimed, type DocumentKind, type StateInput, type WorkflowContext } from '../types';

/** More pages than any invoice has: such a file is a misfiled document, not worth an OCR bill. */
export const MAX_PAGES = 100;

export interface Inspection {
  contentType: string | null;
  pageCount: number | null;
  fileSize: number;
  /**
   * `text-pdf` when every page the local engine reads has a usable text layer (it reads the PDF
   * without OCR), else `scan` (photos, scans, PDFs with a page of pictures only): what extraction
   * the workflow routes the file to. Null for a file that cannot be processed.
   */
  kind: DocumentKind | null;
  /** Why the file cannot be processed, in words for the reviewer; null when it can. */
  rejectReason: string | null;
}

/**
 * Looks at the stored bytes before anything is spent on them: the type by magic bytes (never the
 * name), the size (storage targets do not all enforce the upload policy), and whether the document
 * opens and how many pages it has (a PDF's through `readPdf`). Pure of workflow concerns, so it is
 * unit-testable on bytes. A reading process that ends (EngineProcessFailed) is not a damaged file: it
 * is thrown, and the workflow's failure path sends the invoice to review with its reason.
 */
export async function inspectBytes(
  bytes: Uint8Array,
  readPdf: PdfReader['outline'] = inProcessPdfReader.outline,
): Promise<Inspection> {
  const fileSize = bytes.length;
  const reject = (rejectReason: string, contentType: string | null = null): Inspection => ({
    contentType,
    pageCount: null,
    fileSize,
    kind: null,
    rejectReason,
  });
  if (fileSize === 0) return reject('The file is empty');
  if (fileSize > MAX_UPLOAD_BYTES) return reject('The file is larger than 10 MB');
  const contentType = sniffContentType(bytes);
  if (!contentType) return reject('Unsupported file type: the file is not a PDF, JPEG, PNG or TIFF');
  let pageCount: number;
  let kind: DocumentKind = 'scan';
  if (contentType === 'application/pdf') {
    // Counted before any reader opens it: a bomb is refused in seconds instead of filling a reader's memory.
    if (!(await pdfExpandsWithin(bytes))) {
      return reject(
        `The PDF expands to more than ${MAX_PDF_INFLATED_BYTES / 1024 / 1024} MB when opened, so it was not read`,
        contentType,
      );
    }
    try {
      const outline = await readPdf(bytes);
      pageCount = outline.pageCount;
      if (outline.everyPageHasText) kind = 'text-pdf';
    } catch (error) {
      if (error instanceof EngineProcessFailed) throw error;
      const detail = error instanceof Error ? `: ${error.message}` : '';
      return reject(`The PDF is damaged and cannot be read${detail}`, contentType);
    }
    if (pageCount === 0) return reject('The PDF has no pages', contentType);
  } else {
    try {
      // JPEG and PNG hold one page; a TIFF's pages are counted from its directories, without a native decoder.
      pageCount = contentType === 'image/tiff' ? tiffPageCount(bytes) : 1;
    } catch (error) {
      const detail = error instanceof Error ? `: ${error.message}` : '';
      return reject(`The image is damaged and cannot be read${detail}`, contentType);
    }
  }
  if (pageCount > MAX_PAGES) {
    return {
      contentType,
      pageCount,
      fileSize,
      kind: null,
      rejectReason: `The document has ${pageCount} pages; at most ${MAX_PAGES} are processed`,
    };
  }
  return { contentType, pageCount, fileSize, kind, rejectReason: null };
}

/**
 * Inspect: reads the object and routes it to extraction (a text PDF: the local engine; a scan: Textract,
 * one page sync, more an async job) or to review. `pdfReader` reads a PDF's outline: pdfjs in the
 * Lambda's own process, the local engine's capped process under `npm start`.
 */
export function inspectWith(pdfReader: PdfReader) {
  return coreHandler(async function inspectState({ ctx: input }: StateInput): Promise<WorkflowContext> {
    const ctx = claimed(input);
    let bytes: Uint8Array;
    try {
      bytes = await getObjectBytes(ctx.objectKey);
    } catch (error) {
      if ((error as Error).name !== 'NoSuchKey') throw error;
      return { ...ctx, fileSize: 0, rejectReason: 'The file is missing from storage' };
    }
    const inspection = await inspectBytes(bytes, (pdf) => pdfReader.outline(pdf));
    const next: WorkflowContext = {
      ...ctx,
      fileSize: inspection.fileSize,
      ...(inspection.contentType ? { contentType: inspection.contentType } : {}),
      ...(inspection.pageCount !== null ? { pageCount: inspection.pageCount } : {}),
      ...(inspection.kind ? { kind: inspection.kind } : {}),
      ...(inspection.rejectReason ? { rejectReason: inspection.rejectReason } : {}),
      contentHash: createHash('sha256').update(bytes).digest('hex'),
    };
    // Extraction is an SDK integration with no code of ours, so its stage is shown from here.
    await setStage(ctx.orgId, ctx.invoiceId, ctx.runId, inspection.rejectReason ? 'DECIDING' : 'EXTRACTING');
    return next;
  });
}

/** The Lambda: pdfjs in its own process, which the Lambda's memory bounds. */
export const handler = inspectWith(inProcessPdfReader);

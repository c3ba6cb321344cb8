import type { EmbeddedFilesReader } from '../../core/extraction/e-invoice';
import type { PageRef } from '../../core/files/pdf-cut';
import type { LayoutPage } from '../text-layout';
import { pdfEmbeddedFiles } from './pdf-attachments';
import { openPdf, textLayers } from './pdf-pages';

/** What Inspect needs to know of a PDF before anything is spent on it. */
export interface PdfOutline {
  pageCount: number;
  /** Every page the local engine reads (the first MAX_LOCAL_PAGES) has a usable text layer. */
  everyPageHasText: boolean;
}

/**
 * The port through which the workflow's states read a PDF's structure: its outline (Inspect) and its
 * embedded files (ExtractLocally and Normalize, for a hybrid e-invoice's XML). Reading a PDF
 * decompresses its streams, and a 1 MB file may expand to gigabytes: in the cloud each state is a
 * Lambda whose memory is its own bound, so {@link inProcessPdfReader} reads it there; under `npm start`
 * the states run in the API's process, and the local engine's capped process reads it instead
 * (`IsolatedExpenseAnalyzer`).
 */
export interface PdfReader {
  /** Throws {@link EngineProcessFailed} when the reading process ended; any other error: the PDF is damaged. */
  outline(bytes: Uint8Array): Promise<PdfOutline>;
  embeddedFiles: EmbeddedFilesReader;
  /** Every page's text layer (up to `maxPages`) and object reference: what splitting a batch reads (Split). */
  pageTexts(bytes: Uint8Array, maxPages: number): Promise<PdfPageTexts>;
}

/** A PDF's pages as its text layers read them (null: a page without usable text), with their object refs. */
export interface PdfPageTexts {
  pageCount: number;
  pages: (LayoutPage | null)[];
  refs: PageRef[];
}

/**
 * A reading process ended before answering (past its memory cap or time limit, or crashed): the reason
 * says why, in words for the reviewer. The document is the cause, not the file's structure, so the
 * workflow sends it to review through its failure path (MarkFailed) instead of calling it damaged.
 */
export class EngineProcessFailed extends Error {
  override name = 'LocalEngine.ProcessFailed';
}

/** The outline as pdfjs reads it in this process. */
export async function pdfOutline(bytes: Uint8Array): Promise<PdfOutline> {
  const pdf = await openPdf(bytes);
  try {
    // Opening only reads the cross-reference table; reading the text layers proves the content parses.
    const layers = await textLayers(pdf);
    return {
      pageCount: pdf.pageCount,
      everyPageHasText: layers.length > 0 && layers.every((page) => page !== null),
    };
  } finally {
    await pdf.close();
  }
}

/** The pages' text layers and object references as pdfjs reads them in this process. */
export async function pdfPageTexts(bytes: Uint8Array, maxPages: number): Promise<PdfPageTexts> {
  const pdf = await openPdf(bytes);
  try {
    const pages = await textLayers(pdf, maxPages);
    const refs: PageRef[] = [];
    for (let page = 1; page <= pages.length; page++) refs.push(await pdf.pageRef(page));
    return { pageCount: pdf.pageCount, pages, refs };
  } finally {
    await pdf.close();
  }
}

/** pdfjs in this process: what a Lambda, bounded by its own memory, reads with. */
export const inProcessPdfReader: PdfReader = {
  outline: pdfOutline,
  embeddedFiles: pdfEmbeddedFiles,
  pageTexts: pdfPageTexts,
};

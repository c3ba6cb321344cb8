import type { EmbeddedFile, EmbeddedFilesReader } from '../../core/extraction/e-invoice';
import { MAX_E_INVOICE_XML_BYTES } from '../../core/extraction/e-invoice-xml';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.min.mjs');
let pdfjsModule: Promise<PdfJs> | null = null;

/**
 * pdfjs as pdf-pages.ts loads it (minified builds, the worker's code run in this thread through
 * `globalThis.pdfjsWorker`); the module instances are shared. Kept in this file rather than in
 * pdf-pages.ts: that file's hash is part of the corpus cache's engine version (scripts/extraction/
 * corpus.ts), and attachments do not change what a page reads as.
 */
function pdfjs(): Promise<PdfJs> {
  pdfjsModule ??= Promise.all([
    import('pdfjs-dist/legacy/build/pdf.min.mjs'),
    import('pdfjs-dist/legacy/build/pdf.worker.min.mjs'),
  ]).then(([lib, worker]) => {
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??= worker;
    return lib;
  });
  return pdfjsModule;
}

/** Attachments listed at most: a hybrid e-invoice has one XML and perhaps a few supporting files. */
const MAX_ATTACHMENTS = 50;

/**
 * The XML files embedded in a PDF (its EmbeddedFiles name tree, where Factur-X, ZUGFeRD and
 * XRechnung put the invoice's XML), each at most MAX_E_INVOICE_XML_BYTES; other attachments
 * (supporting PDFs, images) are not handed over. A PDF without attachments gives none; one pdfjs
 * cannot open throws (core's `readEmbeddedEInvoice` then reads the page as before).
 */
export const pdfEmbeddedFiles: EmbeddedFilesReader = async (doc) => {
  if (doc.contentType !== 'application/pdf') return [];
  const lib = await pdfjs();
  // pdfjs takes ownership of the buffer it is given, so hand it a copy.
  const pdf = await lib.getDocument({ data: new Uint8Array(doc.bytes), verbosity: 0, isEvalSupported: false })
    .promise;
  try {
    const attachments = ((await pdf.getAttachments()) ?? {}) as Record<
      string,
      { filename?: string; content?: Uint8Array }
    >;
    const files: EmbeddedFile[] = [];
    for (const [key, file] of Object.entries(attachments).slice(0, MAX_ATTACHMENTS)) {
      const name = file.filename || key;
      const bytes = file.content;
      if (!bytes || !/\.xml$/i.test(name) || bytes.byteLength > MAX_E_INVOICE_XML_BYTES) continue;
      files.push({ name, bytes });
    }
    return files;
  } finally {
    await pdf.destroy();
  }
};

import type {
  AnalyzeExpenseResponse,
  ExpenseAnalyzer,
  ExpenseDocumentInput,
} from '../core/extraction/expense-types';
import { imagePageCount, prepareForOcr } from './ocr/image-prep';
import { type OcrEngineName, ocrEngine, terminateOcrEngines } from './ocr/ocr-engines';
import { repairSplitAmounts } from './ocr/restore-spaces';
import { MAX_LOCAL_PAGES, openPdf, textLayers } from './pdf/pdf-pages';
import { answerFor, type ReadPages } from './text-layer';
import type { LayoutPage } from './text-layout';
import { groupIntoLines, lineOf } from './text-layout';

export { answerFor, type ReadPages };

/** What kind of picture is being read: a photo/scan, or a PDF page rendered because it has no usable text. */
export type OcrInputKind = 'scan' | 'rendered-pdf';

export interface LocalAnalyzerOptions {
  /** OCR engine, or a choice per kind of input. Default: PP-OCRv4 (`paddle`) for both, chosen by measurement. */
  ocrEngine?: OcrEngineName | ((kind: OcrInputKind) => OcrEngineName);
  /** Resolution at which text-less PDF pages are rendered for OCR. */
  renderDpi?: number;
  /** Pages read at most (invoices are short; this bounds time and memory on odd uploads). */
  maxPages?: number;
}

function engineFromEnv(): OcrEngineName | undefined {
  const v = process.env.LOCAL_OCR_ENGINE;
  return v === 'paddle' || v === 'tesseract' ? v : undefined;
}

/**
 * A local stand-in for Amazon Textract AnalyzeExpense: reads the PDF text layer where it is real
 * text, OCRs scans and text-less PDF pages, then finds the invoice fields and answers in
 * AnalyzeExpense's shape. Nothing is downloaded at run time; OCR engines are kept warm between
 * documents (call {@link shutdownLocalAnalyzer} before the process exits).
 */
export class LocalExpenseAnalyzer implements ExpenseAnalyzer {
  readonly #engineFor: (kind: OcrInputKind) => OcrEngineName;
  readonly #renderDpi: number;
  readonly #maxPages: number;

  constructor(options: LocalAnalyzerOptions = {}) {
    const choice = options.ocrEngine ?? engineFromEnv() ?? 'paddle';
    this.#engineFor = typeof choice === 'function' ? choice : () => choice;
    // 200 dpi: an A4 page then fills image-prep's long side, so small print keeps its detail.
    this.#renderDpi = options.renderDpi ?? 200;
    this.#maxPages = options.maxPages ?? MAX_LOCAL_PAGES;
  }

  async analyze(doc: ExpenseDocumentInput): Promise<AnalyzeExpenseResponse> {
    return answerFor(await this.readPages(doc));
  }

  /**
   * The positioned text of the document's pages (PDF text layer or OCR), before any field is
   * detected; `total` is the page count of the file, `read` the pages read (at most `maxPages`).
   */
  async readPages(doc: ExpenseDocumentInput): Promise<ReadPages> {
    return doc.contentType === 'application/pdf'
      ? await this.#pdfPages(doc.bytes)
      : await this.#imagePages(doc.bytes);
  }

  async #pdfPages(bytes: Uint8Array): Promise<ReadPages> {
    const pdf = await openPdf(bytes);
    try {
      // A page with a usable text layer is never OCRed; the others are rendered and read like scans.
      const read: LayoutPage[] = [];
      for (const [i, text] of (await textLayers(pdf, this.#maxPages)).entries()) {
        if (text) {
          read.push(text);
          continue;
        }
        const prepared = await prepareForOcr(await pdf.pixels(i + 1, this.#renderDpi));
        read.push(await this.#ocrPage(i + 1, prepared, 'rendered-pdf'));
      }
      return { total: pdf.pageCount, read };
    } finally {
      await pdf.close();
    }
  }

  async #imagePages(bytes: Uint8Array): Promise<ReadPages> {
    const total = await imagePageCount(bytes);
    const read: LayoutPage[] = [];
    for (let i = 0; i < Math.min(total, this.#maxPages); i++) {
      const prepared = await prepareForOcr(bytes, i);
      read.push(await this.#ocrPage(i + 1, prepared, 'scan'));
    }
    return { total, read };
  }

  async #ocrPage(
    page: number,
    image: Awaited<ReturnType<typeof prepareForOcr>>,
    kind: OcrInputKind,
  ): Promise<LayoutPage> {
    // Scans and photos may arrive turned by 90°, 180° or 270° (fed sideways, photographed upside
    // down): the engine turns them upright first, and positions are given on the page as read.
    const read = await ocrEngine(this.#engineFor(kind)).recognizeUpright(image);
    return {
      page,
      width: read.image.width,
      height: read.image.height,
      lines: groupIntoLines(page, read.words).map((line) => lineOf(page, repairSplitAmounts(line.words))),
      source: 'ocr',
      ...(read.rotation ? { rotation: read.rotation } : {}),
    };
  }
}

/** Stops the OCR engines the local analyser started, so the process can exit. */
export async function shutdownLocalAnalyzer(): Promise<void> {
  await terminateOcrEngines();
}

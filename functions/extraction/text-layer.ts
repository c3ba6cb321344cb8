import type {
  AnalyzeExpenseResponse,
  ExpenseAnalyzer,
  ExpenseDocumentInput,
} from '../core/extraction/expense-types';
import { detectExpenseDocument } from './fields/document';
import { applyModel, type ExtractionModel, type LoadedModel, loadModel } from './model/model';
import modelJson from './model/model.json';
import { openPdf, textLayers } from './pdf/pdf-pages';
import type { LayoutPage } from './text-layout';

/**
 * The local engine's text-layer half: a PDF's own text read with pdfjs, then the invoice fields found
 * on it, with no OCR engine loaded. The cloud's ExtractLocally Lambda bundles only this
 * (pdfjs and the field model, not onnxruntime or the OCR models); {@link LocalExpenseAnalyzer}
 * (`npm start`, `npm run extract`) reads text-layer pages with the same functions and OCRs the rest.
 */

/** The pages of a document as read: `total` is the file's page count, `read` the pages read. */
export interface ReadPages {
  total: number;
  read: LayoutPage[];
}

let model: LoadedModel | null = null;
/** The committed extraction model (`npm run train:extract`), loaded on first use. */
function extractionModel(): LoadedModel {
  model ??= loadModel(modelJson as unknown as ExtractionModel);
  return model;
}

/**
 * The AnalyzeExpense-shaped answer for pages already read: the invoice fields the rules find on
 * them, the learned model's picks for the fields where it beat the rules out of sample, and every
 * field's confidence calibrated on out-of-fold predictions.
 */
export function answerFor(pages: ReadPages): AnalyzeExpenseResponse {
  const doc = applyModel(detectExpenseDocument(pages.read), pages.read, extractionModel());
  return {
    DocumentMetadata: { Pages: pages.total },
    ExpenseDocuments: [doc as NonNullable<AnalyzeExpenseResponse['ExpenseDocuments']>[number]],
  };
}

/** A document the text-layer engine cannot read: not a PDF, or a page without usable text. */
export class NoTextLayer extends Error {
  override name = 'NoTextLayer';
}

/** Reads PDFs whose every page (of the first MAX_LOCAL_PAGES) has a usable text layer; never OCRs. */
export class TextLayerAnalyzer implements ExpenseAnalyzer {
  async analyze(doc: ExpenseDocumentInput): Promise<AnalyzeExpenseResponse> {
    if (doc.contentType !== 'application/pdf')
      throw new NoTextLayer(`A ${doc.contentType} has no text layer`);
    const pdf = await openPdf(doc.bytes);
    try {
      const pages = await textLayers(pdf);
      const missing = pages.indexOf(null);
      if (missing >= 0) throw new NoTextLayer(`Page ${missing + 1} has no usable text layer`);
      return answerFor({ total: pdf.pageCount, read: pages as LayoutPage[] });
    } finally {
      await pdf.close();
    }
  }
}

/**
 * The local extraction engine's public entry: what the local stack, the scripts, the benchmarks and the
 * tests outside this folder use. That is the analysers (core's ExpenseAnalyzer port, in this process or
 * in a capped child process), the PDF and image readers callers need, and the field rules and model
 * parts that training and evaluation (scripts/extraction) work with.
 *
 * The workflow's Lambda states import `text-layer.ts` and `pdf/pdf-reader.ts` directly instead: a
 * bundle built from this file would take in the OCR engines too.
 */

export { detectExpenseDocument } from './fields/document';
export { type DocLine, docLines } from './fields/lines';
export { ROW_FEATURE_NAMES, type RowCandidate, rowCandidates, rowFeatures } from './fields/table/rows';
export {
  ENGINE_ENV,
  ENGINE_TIMEOUT_MS,
  type IsolatedAnalyzerOptions,
  IsolatedExpenseAnalyzer,
  processMemoryMb,
} from './isolation/isolated-analyzer';
export {
  type LocalAnalyzerOptions,
  LocalExpenseAnalyzer,
  type OcrInputKind,
  shutdownLocalAnalyzer,
} from './local-analyzer';
export { applyIsotonic, fitIsotonic, type IsotonicMap } from './model/calibration';
export type { Candidate } from './model/candidates';
export { LEARNED_FIELDS, type LearnedField } from './model/decode';
export { FEATURE_NAMES } from './model/features';
export { type LinearScorer, trainLinear } from './model/linear';
export {
  applyModel,
  type ExtractionModel,
  type LoadedModel,
  loadModel,
  type ModelField,
  modelValues,
  scoreDocument,
} from './model/model';
/** The committed model as `npm run train:extract` wrote it (the text-layer analyser loads the same file). */
export { default as committedModelJson } from './model/model.json';
export { ADDRESS_FEATURE_NAMES, NAME_FEATURE_NAMES } from './model/vendor-features';
export {
  addressFeaturesFrom,
  pickName,
  prepareVendor,
  rulesAnswer,
  VENDOR_FIELDS,
  type VendorPrepared,
} from './model/vendor-model';
export { imagePageCount } from './ocr/image-prep';
export { paddleTimings } from './ocr/ocr-engines';
export type { PaddleTimings } from './ocr/paddle-ocr';
export { pdfEmbeddedFiles } from './pdf/pdf-attachments';
export { MAX_LOCAL_PAGES, openPdf, type PdfFile, textLayers } from './pdf/pdf-pages';
export { EngineProcessFailed, inProcessPdfReader, type PdfOutline, type PdfReader } from './pdf/pdf-reader';
export { answerFor, NoTextLayer, type ReadPages, TextLayerAnalyzer } from './text-layer';
export type { LayoutLine, LayoutPage, LayoutWord } from './text-layout';

/** Where the committed model lives, for the training script that writes it. */
export const MODEL_JSON_URL = new URL('./model/model.json', import.meta.url);

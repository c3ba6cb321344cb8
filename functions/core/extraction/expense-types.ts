/**
 * The subset of Amazon Textract's AnalyzeExpense / GetExpenseAnalysis answer that the product reads.
 *
 * Declared structurally here so that core code never imports the AWS SDK; the SDK's
 * `AnalyzeExpenseCommandOutput` is assignable to {@link AnalyzeExpenseResponse} (checked at compile
 * time in `adapters/textract/answer.ts`), and the local engine answers in exactly this shape.
 */

export interface ExpenseBoundingBox {
  Width?: number;
  Height?: number;
  Left?: number;
  Top?: number;
}

export interface ExpensePoint {
  X?: number;
  Y?: number;
}

export interface ExpenseGeometry {
  BoundingBox?: ExpenseBoundingBox;
  Polygon?: ExpensePoint[];
}

/** A label or value found on the page; Confidence is 0..100 as in Textract. */
export interface ExpenseDetection {
  Text?: string;
  Geometry?: ExpenseGeometry;
  Confidence?: number;
}

export interface ExpenseFieldType {
  Text?: string;
  Confidence?: number;
}

export interface ExpenseCurrency {
  Code?: string;
  Confidence?: number;
}

export interface ExpenseGroupProperty {
  Types?: string[];
  Id?: string;
}

export interface ExpenseField {
  Type?: ExpenseFieldType;
  LabelDetection?: ExpenseDetection;
  ValueDetection?: ExpenseDetection;
  PageNumber?: number;
  Currency?: ExpenseCurrency;
  GroupProperties?: ExpenseGroupProperty[];
}

export interface ExpenseLineItem {
  LineItemExpenseFields?: ExpenseField[];
}

export interface ExpenseLineItemGroup {
  LineItemGroupIndex?: number;
  LineItems?: ExpenseLineItem[];
}

/** A LINE or WORD block (Textract also returns PAGE blocks and relationships, which are not read). */
export interface ExpenseBlock {
  BlockType?: string;
  Id?: string;
  Text?: string;
  Confidence?: number;
  Geometry?: ExpenseGeometry;
  Page?: number;
}

export interface ExpenseDocument {
  ExpenseIndex?: number;
  SummaryFields?: ExpenseField[];
  LineItemGroups?: ExpenseLineItemGroup[];
  Blocks?: ExpenseBlock[];
}

export interface AnalyzeExpenseResponse {
  DocumentMetadata?: { Pages?: number };
  ExpenseDocuments?: ExpenseDocument[];
}

/** File types the product accepts, decided from the bytes. */
export type DocumentContentType = 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/tiff';

/** A document to analyse. */
export interface ExpenseDocumentInput {
  bytes: Uint8Array;
  contentType: DocumentContentType;
}

/**
 * The port every expense analyser implements: Amazon Textract AnalyzeExpense in the cloud, the local
 * engine (`functions/extraction/`) on a laptop and for text-layer PDFs, with the same answer shape.
 */
export interface ExpenseAnalyzer {
  analyze(doc: ExpenseDocumentInput): Promise<AnalyzeExpenseResponse>;
}

import type { AnalyzeExpenseCommandOutput } from '@aws-sdk/client-textract';
import type {
  AnalyzeExpenseResponse as CoreAnalyzeExpenseResponse,
  DocumentContentType,
} from '../../core/extraction/expense-types';

/** Textract's AnalyzeExpense answer (sync) or GetExpenseAnalysis answer (async), without HTTP metadata. */
export type AnalyzeExpenseResponse = Pick<
  AnalyzeExpenseCommandOutput,
  'DocumentMetadata' | 'ExpenseDocuments'
>;

/** A document to analyse: its bytes and its type as decided from those bytes. */
export interface ExpenseDocumentInput {
  bytes: Uint8Array;
  contentType: DocumentContentType;
}

/**
 * The port for invoice/receipt analysis: Amazon Textract AnalyzeExpense in the cloud
 * ({@link CloudExpenseAnalyzer}), a local engine with the same answer shape on a laptop
 * ({@link LocalExpenseAnalyzer}).
 */
export interface ExpenseAnalyzer {
  analyze(doc: ExpenseDocumentInput): Promise<AnalyzeExpenseResponse>;
}

// Compile-time proof that the SDK's answer is what core's Normalize reads.
const sdkAnswerFitsCore = (r: AnalyzeExpenseResponse): CoreAnalyzeExpenseResponse => r;
void sdkAnswerFitsCore;

export type { DocumentContentType };

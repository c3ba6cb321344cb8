import type { AnalyzeExpenseCommandOutput } from '@aws-sdk/client-textract';
import type { AnalyzeExpenseResponse as CoreAnalyzeExpenseResponse } from '../../core/extraction/expense-types';

/** Textract's AnalyzeExpense answer (sync) or GetExpenseAnalysis answer (async), without HTTP metadata. */
export type AnalyzeExpenseResponse = Pick<
  AnalyzeExpenseCommandOutput,
  'DocumentMetadata' | 'ExpenseDocuments'
>;

// Compile-time proof that the SDK's answer is what core's Normalize reads: the analyser port
// (`ExpenseAnalyzer` in core/extraction/expense-types.ts) answers in core's shape, and so does Textract.
const sdkAnswerFitsCore = (r: AnalyzeExpenseResponse): CoreAnalyzeExpenseResponse => r;
void sdkAnswerFitsCore;

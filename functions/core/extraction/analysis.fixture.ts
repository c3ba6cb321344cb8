import type { AnalyzeExpenseResponse, ExpenseField } from './expense-types';

/** One summary field of an answer: its AnalyzeExpense type, the text read and the 0..100 confidence. */
export type FieldSpec = [type: string, text: string, confidence?: number];

const field = ([type, text, confidence = 99]: FieldSpec): ExpenseField => ({
  Type: { Text: type, Confidence: 99 },
  ValueDetection: { Text: text, Confidence: confidence },
  PageNumber: 1,
});

/**
 * A small AnalyzeExpense answer written by hand, for tests of what follows Extract (unit tests of the
 * pipeline, and the integration test that runs the same answer through the workflow).
 */
export function expenseAnswer(
  fields: FieldSpec[],
  lines: Array<{ item: string; price: string }> = [],
): AnalyzeExpenseResponse {
  return {
    DocumentMetadata: { Pages: 1 },
    ExpenseDocuments: [
      {
        ExpenseIndex: 1,
        SummaryFields: fields.map(field),
        LineItemGroups: [
          {
            LineItemGroupIndex: 1,
            LineItems: lines.map((l) => ({
              LineItemExpenseFields: [field(['ITEM', l.item]), field(['PRICE', l.price])],
            })),
          },
        ],
        Blocks: [],
      },
    ],
  };
}

import { getObjectBytes } from '../../adapters/s3/storage';
import type { AnalyzeExpenseResponse } from '../../core/extraction/expense-types';

/**
 * The asynchronous job's answer as Textract stored it: `<prefix>/<JobId>/1`, `/2`, … each one page of
 * GetExpenseAnalysis output. Read in order until the next part does not exist.
 */
export async function readJobOutput(prefix: string, jobId: string): Promise<AnalyzeExpenseResponse> {
  const merged: AnalyzeExpenseResponse = { ExpenseDocuments: [] };
  for (let part = 1; ; part++) {
    let bytes: Uint8Array;
    try {
      bytes = await getObjectBytes(`${prefix}/${jobId}/${part}`);
    } catch (error) {
      if ((error as Error).name === 'NoSuchKey' && part > 1) break;
      throw error;
    }
    const page = JSON.parse(new TextDecoder().decode(bytes)) as AnalyzeExpenseResponse;
    merged.DocumentMetadata ??= page.DocumentMetadata;
    merged.ExpenseDocuments?.push(...(page.ExpenseDocuments ?? []));
  }
  return merged;
}

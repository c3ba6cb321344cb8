import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expenseAnswer } from '../../functions/core/extraction/analysis.fixture';
import type {
  AnalyzeExpenseResponse,
  ExpenseAnalyzer,
  ExpenseDocumentInput,
} from '../../functions/core/extraction/expense-types';
import { LocalExpenseAnalyzer, openPdf, paddleTimings } from '../../functions/extraction';
import { trustNewVendors } from '../helpers/organization-settings';
import { startWorkflowStack, type WorkflowStack } from '../helpers/workflow-stack';
import { imageOnlyPdf, invoicePdf, plumbingInvoice, totalsOf } from './pipeline-invoices';

/**
 * The workflow's extraction routing, on the local runner from the deployed ASL: a PDF with a usable
 * text layer is read by the local engine (ExtractLocally) and never reaches OCR or Textract unless the
 * engine is unsure of a key field; scans and photos go to Textract.
 */

/** The local engine, counting its calls; `unsure` lowers the total's confidence in its next answers. */
class LocalEngine implements ExpenseAnalyzer {
  readonly engine = new LocalExpenseAnalyzer();
  calls = 0;
  unsure = false;
  async analyze(doc: ExpenseDocumentInput): Promise<AnalyzeExpenseResponse> {
    this.calls++;
    const answer = await this.engine.analyze(doc);
    if (!this.unsure) return answer;
    for (const field of answer.ExpenseDocuments?.flatMap((d) => d.SummaryFields ?? []) ?? [])
      if (field.Type?.Text === 'TOTAL' && field.ValueDetection) field.ValueDetection.Confidence = 30;
    return answer;
  }
}

/** Textract's stand-in: counts its calls and answers with an invoice it "read". */
class Textract implements ExpenseAnalyzer {
  calls = 0;
  async analyze(): Promise<AnalyzeExpenseResponse> {
    this.calls++;
    return expenseAnswer([
      ['VENDOR_NAME', 'Read By Textract Inc'],
      ['INVOICE_RECEIPT_ID', `TX-${this.calls}`],
      ['INVOICE_RECEIPT_DATE', '05/06/2026'],
      ['TOTAL', '$99.00'],
    ]) as AnalyzeExpenseResponse;
  }
}

let w: WorkflowStack;
const local = new LocalEngine();
const textract = new Textract();

beforeAll(async () => {
  w = await startWorkflowStack({ analyzer: local, textract });
  // About reading and deciding: a new vendor's first invoice may pass (the review of firsts is in vendor-history.test.ts).
  await trustNewVendors(w.api);
});
afterAll(async () => {
  await w?.stop();
});

const decided = (bytes: Uint8Array, filename: string) => w.decided(bytes, filename);

/** Calls each engine took for one upload. */
async function callsFor<T>(run: () => Promise<T>) {
  const before = { local: local.calls, textract: textract.calls, ocrBoxes: paddleTimings.boxes };
  const result = await run();
  return {
    result,
    local: local.calls - before.local,
    textract: textract.calls - before.textract,
    ocrBoxes: paddleTimings.boxes - before.ocrBoxes,
  };
}

describe('extraction routing', () => {
  it('reads a text PDF with the local engine only: no OCR, no Textract', async () => {
    const spec = plumbingInvoice({ invoiceNumber: 'RT-TEXT-1' });
    const { result, ...calls } = await callsFor(async () => decided(await invoicePdf(spec), 'text.pdf'));

    expect(calls).toEqual({ local: 1, textract: 0, ocrBoxes: 0 });
    expect(result).toMatchObject({
      status: 'PROCESSED',
      invoiceNumber: 'RT-TEXT-1',
      totalAmount: totalsOf(spec).total,
    });
  });

  it('sends a text PDF the local engine is unsure of to Textract, and keeps what Textract read', async () => {
    local.unsure = true;
    try {
      const bytes = await invoicePdf(plumbingInvoice({ invoiceNumber: 'RT-UNSURE-1' }));
      const { result, ...calls } = await callsFor(() => decided(bytes, 'unsure.pdf'));

      expect(calls).toEqual({ local: 1, textract: 1, ocrBoxes: 0 });
      expect(result).toMatchObject({ vendorName: 'Read By Textract Inc', totalAmount: 99 });
    } finally {
      local.unsure = false;
    }
  });

  it('sends a photo, and a scanned PDF of several pages, to Textract without the local engine', async () => {
    const pdf = await openPdf(await invoicePdf(plumbingInvoice()));
    const { png } = await pdf.render(1, 100);
    await pdf.close();

    const photo = await callsFor(() => decided(png, 'photo.png'));
    const scan = await callsFor(async () => decided(await imageOnlyPdf([png, png]), 'scan.pdf'));

    expect([photo.local, photo.textract]).toEqual([0, 1]);
    expect(photo.result.vendorName).toBe('Read By Textract Inc');
    expect([scan.local, scan.textract]).toEqual([0, 1]);
    expect(scan.result.vendorName).toBe('Read By Textract Inc');
  });
});

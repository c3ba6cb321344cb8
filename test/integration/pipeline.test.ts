import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3 } from '../../functions/adapters/s3/storage';
import { registerProcessingStarter } from '../../functions/adapters/workflow/processing-starter';
import type {
  AnalyzeExpenseResponse,
  ExpenseAnalyzer,
  ExpenseDocumentInput,
} from '../../functions/core/extraction/expense-types';
import { LocalExpenseAnalyzer, openPdf } from '../../functions/extraction';
import { LOCAL_BUCKET } from '../../infra/local/local-config';
import { LocalWorkflowRunner } from '../../infra/local/workflow-runner';
import { type Invoice, invoiceSchema } from '../../shared/schemas';
import { type Api, fileForm, startTestStack, type TestStack } from '../helpers/local-stack';
import { trustNewVendors } from '../helpers/organization-settings';
import { invoicePdf, plumbingInvoice, totalsOf } from './pipeline-invoices';

/**
 * The local engine, with two switches the tests flip: Textract-style throttling for the next calls
 * (the ASL retries it), and a hard failure of the next extraction (the ASL's Catch → MarkFailed).
 */
class SwitchableAnalyzer implements ExpenseAnalyzer {
  readonly engine = new LocalExpenseAnalyzer();
  throttleNext = 0;
  failNext = false;
  calls = 0;
  async analyze(doc: ExpenseDocumentInput): Promise<AnalyzeExpenseResponse> {
    this.calls++;
    if (this.throttleNext > 0) {
      this.throttleNext--;
      const error = new Error('Rate exceeded');
      error.name = 'Textract.ProvisionedThroughputExceededException';
      throw error;
    }
    if (this.failNext) {
      this.failNext = false;
      throw new Error('The engine could not read the document');
    }
    return this.engine.analyze(doc);
  }
}

let stack: TestStack;
let api: Api;
let runner: LocalWorkflowRunner;
const analyzer = new SwitchableAnalyzer();

beforeAll(async () => {
  // The stack's own runner is replaced by one with the switchable engine; everything else is the same.
  stack = await startTestStack({
    workflow: false,
    queueWorkers: false,
    onObjectCreated: (record) => runner?.onObjectCreated(record),
  });
  runner = new LocalWorkflowRunner({ analyzer });
  registerProcessingStarter(runner);
  api = (await stack.newUser()).api;
  // About reading and deciding: a new vendor's first invoice may pass (the review of firsts is in vendor-history.test.ts).
  await trustNewVendors(api);
});
afterAll(async () => {
  await runner?.stop();
  await stack?.stop();
});

async function upload(bytes: Uint8Array, filename: string): Promise<Invoice> {
  const response = await api('/api/invoices/upload', { method: 'POST', body: fileForm(bytes, filename) });
  expect(response.status, await response.clone().text()).toBe(201);
  return invoiceSchema.parse(await response.json());
}

/** The invoice as the list API shows it (the list is served from the same items as the detail). */
async function fetchInvoice(id: string): Promise<Invoice> {
  const page = await (await api('/api/invoices?limit=100')).json();
  const found = page.items.find((i: Invoice) => i.id === id);
  if (!found) throw new Error(`Invoice ${id} is not listed`);
  return invoiceSchema.parse(found);
}

async function decided(id: string): Promise<Invoice> {
  // A reprocess starts its run from the outbox: handed over first, then run.
  await stack.outbox.drained();
  await runner.idle();
  const invoice = await fetchInvoice(id);
  expect(['PROCESSED', 'REVIEW_REQUIRED']).toContain(invoice.status);
  return invoice;
}

async function lineItems(id: string) {
  return (await (await api(`/api/invoices/${id}/line-items`)).json()).items as {
    description: string;
    quantity: number | null;
    unitPrice: number | null;
    totalPrice: number | null;
  }[];
}

async function events(id: string) {
  return (await (await api(`/api/invoices/${id}/events`)).json()).items as { type: string }[];
}

async function totalWithStatus(status: string): Promise<number> {
  return (await (await api(`/api/invoices?status=${status}&limit=1`)).json()).total;
}

describe('upload → decision on the local stack', () => {
  it('reads a text PDF invoice: fields, line items, category, PROCESSED', async () => {
    const spec = plumbingInvoice();
    const invoice = await decided((await upload(await invoicePdf(spec), 'northwind.pdf')).id);
    const { subtotal, tax, total } = totalsOf(spec);
    expect(invoice).toMatchObject({
      status: 'PROCESSED',
      processingStage: 'DONE',
      vendorName: spec.vendorName,
      invoiceNumber: spec.invoiceNumber,
      invoiceDate: spec.invoiceDate,
      dueDate: spec.dueDate,
      subtotal,
      taxAmount: tax,
      totalAmount: total,
      currency: 'USD',
      categoryId: 'plumbing',
      pageCount: 1,
      reviewReasons: [],
    });
    expect(invoice.aiConfidence).toBeGreaterThanOrEqual(0.8);
    // Where the fields were read, for the review screen: on page 1, the total under the number.
    const { invoiceNumber: number, totalAmount: totalAt } = invoice.fieldLocations;
    expect(number).toMatchObject({ page: 1 });
    expect(totalAt).toMatchObject({ page: 1 });
    expect(totalAt.top).toBeGreaterThan(number.top + number.height);
    for (const box of Object.values(invoice.fieldLocations)) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.left + box.width).toBeLessThanOrEqual(1.001);
      expect(box.top + box.height).toBeLessThanOrEqual(1.001);
    }
    const lines = await lineItems(invoice.id);
    expect(lines.map((l) => [l.description, l.quantity, l.totalPrice])).toEqual(
      spec.lines.map((l) => [l.description, l.quantity, Math.round(l.quantity * l.unitPrice * 100) / 100]),
    );
  });

  it('reads a multi-page PDF through the asynchronous job (Start/GetExpenseAnalysis), every page counted', async () => {
    const spec = plumbingInvoice({ invoiceNumber: 'INV-2026-0418' });
    const bytes = await invoicePdf(spec, undefined, { termsPage: true });
    const invoice = await decided((await upload(bytes, 'northwind-two-pages.pdf')).id);
    const { total } = totalsOf(spec);
    // pageCount > 1 takes the workflow's StartExtraction → GetExpenseAnalysis branch, whose answer
    // Normalize reads back from the job's output.
    expect(invoice).toMatchObject({
      pageCount: 2,
      vendorName: spec.vendorName,
      invoiceNumber: spec.invoiceNumber,
      totalAmount: total,
    });
    expect(invoice.fieldLocations.totalAmount).toMatchObject({ page: 1 });
    const outputs = await s3().send(
      new ListObjectsV2Command({ Bucket: LOCAL_BUCKET, Prefix: 'textract-output/' }),
    );
    expect(outputs.Contents?.map((o) => o.Key).some((key) => key?.includes(`/${invoice.id}/`))).toBe(true);
  });

  it('reads a scanned image (a PDF page rendered to PNG) through OCR', async () => {
    const spec = plumbingInvoice({ vendorName: 'Bluebird Electric', invoiceNumber: 'BE-88213' });
    const pdf = await openPdf(await invoicePdf(spec));
    const { png } = await pdf.render(1, 200);
    await pdf.close();
    const invoice = await decided((await upload(png, 'scan.png')).id);
    expect(invoice.contentType).toBe('image/png');
    expect(invoice.vendorName?.toLowerCase()).toContain('bluebird');
    expect(invoice.totalAmount).toBe(totalsOf(spec).total);
    expect(invoice.fieldLocations.totalAmount).toMatchObject({ page: 1 });
    expect((await lineItems(invoice.id)).length).toBeGreaterThan(0);
  });

  it('retries a throttled extraction and still decides', async () => {
    analyzer.throttleNext = 2;
    const callsBefore = analyzer.calls;
    const spec = plumbingInvoice({ invoiceNumber: 'INV-THROTTLE-1', vendorName: 'Throttled Supply Co' });
    const invoice = await decided((await upload(await invoicePdf(spec), 'throttled.pdf')).id);
    expect(analyzer.calls - callsBefore).toBe(3);
    expect(invoice.status).toBe('PROCESSED');
  });

  it('sends a damaged PDF (valid magic bytes) to review with a reason and aiConfidence 0', async () => {
    const damaged = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >>\ngarbage');
    const invoice = await decided((await upload(damaged, 'damaged.pdf')).id);
    expect(invoice.status).toBe('REVIEW_REQUIRED');
    expect(invoice.aiConfidence).toBe(0);
    expect(invoice.reviewReasons[0]).toMatch(/PDF/);
  });

  it('sends an invoice whose extraction fails to review via the fail-safe, never leaving it PROCESSING', async () => {
    analyzer.failNext = true;
    const spec = plumbingInvoice({ invoiceNumber: 'INV-FAIL-1', vendorName: 'Failing Fixtures Inc' });
    const invoice = await decided((await upload(await invoicePdf(spec), 'fails.pdf')).id);
    expect(invoice).toMatchObject({ status: 'REVIEW_REQUIRED', aiConfidence: 0, processingStage: 'FAILED' });
    expect(invoice.reviewReasons).toEqual(['Processing failed: The engine could not read the document']);
  });

  it('processes a file once when its object-created event arrives three times (aggregates counted once)', async () => {
    const processedBefore = await totalWithStatus('PROCESSED');
    const spec = plumbingInvoice({ invoiceNumber: 'INV-DUP-EVENTS', vendorName: 'Echo Roofing' });
    const uploaded = await upload(await invoicePdf(spec), 'echo.pdf');
    // The upload's own event already queued a run; two more copies of it arrive.
    const record = {
      eventName: 'ObjectCreated:Put',
      s3: {
        bucket: { name: LOCAL_BUCKET },
        object: { key: `uploads/${uploaded.organizationId}/${uploaded.id}/echo.pdf` },
      },
    };
    runner.onObjectCreated(record);
    runner.onObjectCreated(record);
    const invoice = await decided(uploaded.id);
    expect(invoice.status).toBe('PROCESSED');
    const types = (await events(uploaded.id)).map((e) => e.type);
    expect(types.filter((t) => t === 'processing_started')).toHaveLength(1);
    expect(types.filter((t) => t === 'processed')).toHaveLength(1);
    expect(await totalWithStatus('PROCESSED')).toBe(processedBefore + 1);
    expect(await lineItems(uploaded.id)).toHaveLength(spec.lines.length);
  });

  it('reprocesses an invoice with a new run: decided again, line items replaced, counted once', async () => {
    const spec = plumbingInvoice({ invoiceNumber: 'INV-REPROCESS', vendorName: 'Again Appliances' });
    const first = await decided((await upload(await invoicePdf(spec), 'again.pdf')).id);
    const processed = await totalWithStatus('PROCESSED');
    const response = await api(`/api/invoices/${first.id}/reprocess`, { method: 'POST' });
    expect(response.status).toBe(202);
    const second = await decided(first.id);
    expect(second.status).toBe('PROCESSED');
    expect(second.version).toBeGreaterThan(first.version);
    expect(await lineItems(first.id)).toHaveLength(spec.lines.length);
    expect(await totalWithStatus('PROCESSED')).toBe(processed);
    expect((await events(first.id)).filter((e) => e.type === 'processed')).toHaveLength(2);
  });

  it('flags a second invoice with the same vendor and number as a possible duplicate of the first', async () => {
    const spec = plumbingInvoice({ invoiceNumber: 'INV-7731', vendorName: 'Twice Painting' });
    const first = await decided((await upload(await invoicePdf(spec), 'first.pdf')).id);
    expect(first.status).toBe('PROCESSED');
    const second = await decided((await upload(await invoicePdf(spec), 'second.pdf')).id);
    expect(second.status).toBe('REVIEW_REQUIRED');
    expect(second.reviewReasons).toContainEqual(
      expect.stringContaining('Possible duplicate of invoice INV-7731'),
    );
  });

  it('learns a reviewer category correction for the vendor and applies it to the next invoice', async () => {
    const spec = plumbingInvoice({ invoiceNumber: 'LRN-1', vendorName: 'Cascade Mechanical' });
    const first = await decided((await upload(await invoicePdf(spec), 'learn-1.pdf')).id);
    expect(first.categoryId).toBe('plumbing');
    const edit = await api(`/api/invoices/${first.id}`, {
      method: 'PUT',
      json: { version: first.version, categoryId: 'hvac' },
    });
    expect(edit.status, await edit.clone().text()).toBe(200);
    const next = await decided(
      (await upload(await invoicePdf({ ...spec, invoiceNumber: 'LRN-2' }), 'learn-2.pdf')).id,
    );
    expect(next.categoryId).toBe('hvac');
  });
});

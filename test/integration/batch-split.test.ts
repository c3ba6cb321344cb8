import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateIf } from '../../functions/adapters/dynamodb/entity';
import { keys } from '../../functions/adapters/dynamodb/keys';
import { MAX_BATCH_DOCUMENTS } from '../../functions/core/invoices/batch-split';
import { LocalExpenseAnalyzer, openPdf, textLayers } from '../../functions/extraction';
import { PLAN_MONTHLY_INVOICE_LIMIT } from '../../shared/constants';
import { type Invoice, invoiceSchema, organizationSchema } from '../../shared/schemas';
import { type BatchEntry, batchPages, batchScanPdf, mailroomBatch } from '../fixtures/batch-scan';
import { type Api, fileForm } from '../helpers/local-stack';
import { trustNewVendors } from '../helpers/organization-settings';
import { until } from '../helpers/until';
import { startWorkflowStack, type WorkflowStack } from '../helpers/workflow-stack';
import { plumbingInvoice, scanOf, totalsOf } from './pipeline-invoices';

/**
 * A batch scan uploaded through the API becomes one invoice per document (issue 35): each with its own
 * file of its own pages, read and decided through the whole workflow like any upload, and each counted
 * once against the month's limit.
 */

const entries = mailroomBatch;

let ws: WorkflowStack;

beforeAll(async () => {
  ws = await startWorkflowStack({ analyzer: new LocalExpenseAnalyzer() });
  await trustNewVendors(ws.api);
});
afterAll(async () => {
  await ws?.stop();
});

const listed = (api?: Api) => ws.listed(api);

async function invoicesThisMonth(api: Api): Promise<number> {
  return organizationSchema.parse(await (await api('/api/organization/current')).json()).invoicesThisMonth;
}

/** Waits until the organization lists `count` invoices or more, every one of them decided. */
const allDecided = (what: string, api: Api, count: number) =>
  until(
    what,
    async () => {
      await ws.runner.idle();
      const all = await listed(api);
      const decided = all.every((i) => i.status === 'PROCESSED' || i.status === 'REVIEW_REQUIRED');
      return all.length >= count && decided && all;
    },
    240_000,
  );

/** Uploads a batch as a new organization's first file and waits until its only invoice is decided. */
async function keptWhole(api: Api, batch: BatchEntry[]): Promise<Invoice> {
  const response = await api('/api/invoices/upload', {
    method: 'POST',
    body: fileForm(new Uint8Array(await batchScanPdf(batch)), 'big-scan.pdf'),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const [invoice] = await allDecided('the batch kept whole to be decided', api, 1);
  expect(await listed(api)).toHaveLength(1);
  return invoice;
}

const oneVendorBatch = (count: number): BatchEntry[] =>
  Array.from({ length: count }, (_, i) => ({
    pages: 1,
    spec: plumbingInvoice({ invoiceNumber: `NWP-${7000 + i}` }),
  }));

/** The invoice numbers printed on each page of a stored file. */
async function numbersOnPages(id: string): Promise<string[]> {
  const response = await ws.api(`/api/invoices/${id}/file`);
  expect(response.status).toBe(200);
  const pdf = await openPdf(new Uint8Array(await response.arrayBuffer()));
  try {
    const pages = await textLayers(pdf, 100);
    return pages.map(
      (p) => /Invoice Number: (\S+)/.exec(p?.lines.map((l) => l.text).join('\n') ?? '')?.[1] ?? '-',
    );
  } finally {
    await pdf.close();
  }
}

describe('a batch scan of 12 invoices', () => {
  it('becomes 12 invoices, each with its own pages, vendor and total, every one decided', async () => {
    const started = Date.now();
    const scan = await batchScanPdf(entries);
    const response = await ws.api('/api/invoices/upload', {
      method: 'POST',
      body: fileForm(new Uint8Array(scan), 'mailroom-scan.pdf'),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const uploaded = invoiceSchema.parse(await response.json());

    // Every document's run is started by its own file's object event, while the upload's run goes on.
    const invoices = await allDecided('the 12 invoices of the batch to be decided', ws.api, entries.length);
    console.info(`batch of ${entries.length} invoices decided in ${Date.now() - started} ms`);

    expect(invoices).toHaveLength(entries.length);
    const byNumber = new Map(invoices.map((i) => [i.invoiceNumber, i]));
    const ranges = batchPages(entries);
    for (const [i, { spec, pages }] of entries.entries()) {
      const invoice = byNumber.get(spec.invoiceNumber);
      expect(invoice, `${spec.invoiceNumber} was read`).toBeDefined();
      if (!invoice) continue;
      expect(invoice.vendorName).toBe(spec.vendorName);
      expect(invoice.totalAmount).toBe(totalsOf(spec).total);
      expect(invoice.pageCount).toBe(pages);
      expect(invoice.filename).toBe('mailroom-scan.pdf');
      // Its file holds its own pages: the first prints its number (a second page continues its table).
      const printed = await numbersOnPages(invoice.id);
      expect(printed).toEqual(pages === 1 ? [spec.invoiceNumber] : [spec.invoiceNumber, '-']);
      expect(invoice.batch, spec.invoiceNumber).toEqual({
        filename: 'mailroom-scan.pdf',
        firstPage: ranges[i].firstPage,
        lastPage: ranges[i].lastPage,
        documents: entries.length,
      });
    }
    // The upload's own invoice is the first document.
    expect(byNumber.get(entries[0].spec.invoiceNumber)?.id).toBe(uploaded.id);

    const organization = organizationSchema.parse(await (await ws.api('/api/organization/current')).json());
    expect(organization.invoicesThisMonth).toBe(entries.length);
  }, 300_000);

  it(`stays one invoice, sent to review with why, when it holds more than ${MAX_BATCH_DOCUMENTS}`, async () => {
    const { api } = await ws.stack.newUser();
    const invoice = await keptWhole(api, oneVendorBatch(MAX_BATCH_DOCUMENTS + 1));
    expect(invoice.status).toBe('REVIEW_REQUIRED');
    expect(invoice.reviewReasons[0]).toBe(
      `This file seems to hold ${MAX_BATCH_DOCUMENTS + 1} invoices; at most ${MAX_BATCH_DOCUMENTS} are split from one file, so it was kept as one invoice. Upload it in parts of ${MAX_BATCH_DOCUMENTS} invoices or fewer.`,
    );
    expect(invoice.batch).toBeNull();
    expect(await invoicesThisMonth(api)).toBe(1);
  }, 120_000);

  it("stays one invoice when its documents do not fit the month's limit, and counts only itself", async () => {
    const { api } = await ws.stack.newUser();
    const orgId = (await (await api('/api/organization/current')).json()).id as string;
    const limit = PLAN_MONTHLY_INVOICE_LIMIT.STARTER ?? 0;
    // Room for the upload and two more: the batch's other three documents do not fit.
    expect(
      await updateIf({
        Key: keys.usage(orgId, new Date().toISOString().slice(0, 7)),
        UpdateExpression: 'SET invoices = :used',
        ExpressionAttributeValues: { ':used': limit - 3 },
      }),
    ).toBeDefined();
    const invoice = await keptWhole(api, oneVendorBatch(4));
    expect(invoice.status).toBe('REVIEW_REQUIRED');
    expect(invoice.reviewReasons[0]).toBe(
      "This file seems to hold 4 invoices, more than your plan's monthly limit has room for, so it was kept as one invoice.",
    );
    expect(await invoicesThisMonth(api)).toBe(limit - 2);
  }, 120_000);
});

describe('a scanned batch without a text layer', () => {
  it('is split on its OCR lines into invoices of their own pages, each read again on its own file', async () => {
    const { api } = await ws.stack.newUser();
    // Three vendors' invoices on four pages, printed and scanned back as pictures. The first takes two
    // pages, so the upload's run reads a second file of several pages after the split.
    const batch = entries.slice(1, 4);
    const scan = await scanOf(await batchScanPdf(batch));
    const response = await api('/api/invoices/upload', {
      method: 'POST',
      body: fileForm(new Uint8Array(scan), 'scanned-batch.pdf'),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const uploaded = invoiceSchema.parse(await response.json());

    const invoices = await allDecided('the scanned batch to be decided', api, batch.length);

    expect(invoices).toHaveLength(batch.length);
    const ranges = batchPages(batch);
    const byFirstPage = new Map(invoices.map((i) => [i.batch?.firstPage, i]));
    for (const [i, { spec, pages }] of batch.entries()) {
      const invoice = byFirstPage.get(ranges[i].firstPage);
      expect(invoice?.batch, spec.invoiceNumber).toEqual({
        filename: 'scanned-batch.pdf',
        firstPage: ranges[i].firstPage,
        lastPage: ranges[i].lastPage,
        documents: batch.length,
      });
      // Each is read from its own file (OCR of its own pages), not from the whole batch's reading.
      expect(invoice).toMatchObject({
        pageCount: pages,
        invoiceNumber: spec.invoiceNumber,
        vendorName: spec.vendorName,
        totalAmount: totalsOf(spec).total,
      });
    }
    expect(byFirstPage.get(1)?.id).toBe(uploaded.id);
    expect(await invoicesThisMonth(api)).toBe(batch.length);
  }, 300_000);
});

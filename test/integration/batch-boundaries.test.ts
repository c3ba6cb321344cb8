import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalExpenseAnalyzer, openPdf, textLayers } from '../../functions/extraction';
import { type Invoice, invoiceSchema, organizationSchema } from '../../shared/schemas';
import { type BatchEntry, batchScanPdf } from '../fixtures/batch-scan';
import { type Api, fileForm } from '../helpers/local-stack';
import { trustNewVendors } from '../helpers/organization-settings';
import { until } from '../helpers/until';
import { startWorkflowStack, type WorkflowStack } from '../helpers/workflow-stack';
import { plumbingInvoice, totalsOf } from './pipeline-invoices';

/**
 * The reviewer corrects where a batch file's documents begin (issue 35): "Split here" makes a new
 * invoice of the pages from a chosen page on, "Merge with previous" joins an invoice to the document
 * before it. Both cut the files again from the upload and read the invoices again through the whole
 * workflow, and the month's count follows the invoices that exist.
 */

const northwind = plumbingInvoice({ invoiceNumber: 'NWP-5100' });
const evergreen = plumbingInvoice({
  vendorName: 'Evergreen Grounds Ltd',
  vendorEmail: 'accounts@evergreen-grounds.com',
  invoiceNumber: 'EGL-5101',
  lines: [
    { description: 'Lawn mowing, October', quantity: 4, unitPrice: 85 },
    { description: 'Hedge trimming', quantity: 1, unitPrice: 240 },
  ],
});

let ws: WorkflowStack;

beforeAll(async () => {
  ws = await startWorkflowStack({ analyzer: new LocalExpenseAnalyzer() });
  await trustNewVendors(ws.api);
});
afterAll(async () => {
  await ws?.stop();
});

const listed = (api?: Api) => ws.listed(api);

/** Every invoice of the organization once the workflow has decided them all. */
async function settled(api: Api, count: number): Promise<Invoice[]> {
  return until(
    `${count} invoices to be decided`,
    async () => {
      await ws.runner.idle();
      const all = await listed(api);
      const decided = all.filter((i) => i.status === 'PROCESSED' || i.status === 'REVIEW_REQUIRED');
      return all.length === count && decided.length === count && all;
    },
    120_000,
  );
}

async function invoicesThisMonth(api: Api): Promise<number> {
  return organizationSchema.parse(await (await api('/api/organization/current')).json()).invoicesThisMonth;
}

/** Uploads a batch as a new organization's first file; answers its API once the file's invoices are decided. */
async function uploadedBatch(entries: BatchEntry[], documents: number): Promise<Api> {
  const { api } = await ws.stack.newUser();
  await trustNewVendors(api);
  const response = await api('/api/invoices/upload', {
    method: 'POST',
    body: fileForm(new Uint8Array(await batchScanPdf(entries)), 'two-bills.pdf'),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  await settled(api, documents);
  return api;
}

/** The invoice numbers printed on each page of a stored file ('-' on a page that prints none). */
async function numbersOnPages(api: Api, id: string): Promise<string[]> {
  const response = await api(`/api/invoices/${id}/file`);
  expect(response.status).toBe(200);
  const pdf = await openPdf(new Uint8Array(await response.arrayBuffer()));
  try {
    return (await textLayers(pdf, 100)).map(
      (p) => /Invoice Number: (\S+)/.exec(p?.lines.map((l) => l.text).join('\n') ?? '')?.[1] ?? '-',
    );
  } finally {
    await pdf.close();
  }
}

const post = (api: Api, path: string, json: unknown) => api(path, { method: 'POST', json });

describe('split here', () => {
  it('makes two invoices of a file of two read as one, each with its vendor, total and page', async () => {
    // The second invoice's misprinted "Page 2 of 2" reads as the first one's continuation.
    const api = await uploadedBatch(
      [
        { pages: 1, spec: northwind },
        { pages: 1, spec: evergreen, footer: 'Page 2 of 2' },
      ],
      1,
    );
    const [whole] = await listed(api);
    expect(whole.pageCount).toBe(2);
    expect(whole.batch).toBeNull();
    expect(await invoicesThisMonth(api)).toBe(1);

    const response = await post(api, `/api/invoices/${whole.id}/split`, {
      version: whole.version,
      atPage: 2,
    });
    expect(response.status, await response.clone().text()).toBe(202);
    const kept = invoiceSchema.parse(await response.json());
    expect(kept.status).toBe('UPLOADED');
    expect(kept.batch).toEqual({ filename: 'two-bills.pdf', firstPage: 1, lastPage: 1, documents: 2 });

    const invoices = await settled(api, 2);
    const byNumber = new Map(invoices.map((i) => [i.invoiceNumber, i]));
    for (const [spec, page] of [
      [northwind, 1],
      [evergreen, 2],
    ] as const) {
      const invoice = byNumber.get(spec.invoiceNumber);
      expect(invoice, `${spec.invoiceNumber} was read`).toBeDefined();
      expect(invoice?.vendorName).toBe(spec.vendorName);
      expect(invoice?.totalAmount).toBe(totalsOf(spec).total);
      expect(invoice?.pageCount).toBe(1);
      expect(invoice?.batch).toMatchObject({ filename: 'two-bills.pdf', firstPage: page, lastPage: page });
      expect(await numbersOnPages(api, invoice?.id ?? '')).toEqual([spec.invoiceNumber]);
    }
    expect(byNumber.get(northwind.invoiceNumber)?.id).toBe(whole.id);
    // The new invoice is counted once against the month.
    expect(await invoicesThisMonth(api)).toBe(2);
  }, 240_000);

  it('answers 409 for a version someone else moved on, 400 for a page past the end', async () => {
    const api = await uploadedBatch([{ pages: 2, spec: northwind }], 1);
    const [invoice] = await listed(api);
    const stale = await post(api, `/api/invoices/${invoice.id}/split`, {
      version: invoice.version - 1,
      atPage: 2,
    });
    expect(stale.status).toBe(409);
    expect((await stale.json()).code).toBe('stale_version');
    const past = await post(api, `/api/invoices/${invoice.id}/split`, {
      version: invoice.version,
      atPage: 3,
    });
    expect(past.status).toBe(400);
    expect((await past.json()).message).toBe('Choose a page from 2 to 2');
    const [after] = await listed(api);
    expect(after.version).toBe(invoice.version);
    expect(await invoicesThisMonth(api)).toBe(1);
  }, 240_000);
});

describe('merge with previous', () => {
  it('joins a wrongly split two-page invoice back: one invoice of both pages, its count given back', async () => {
    const api = await uploadedBatch([{ pages: 2, spec: evergreen }], 1);
    const [whole] = await listed(api);
    const split = await post(api, `/api/invoices/${whole.id}/split`, { version: whole.version, atPage: 2 });
    expect(split.status, await split.clone().text()).toBe(202);
    const halves = await settled(api, 2);
    expect(await invoicesThisMonth(api)).toBe(2);
    const second = halves.find((i) => i.id !== whole.id);
    expect(second?.batch).toMatchObject({ firstPage: 2, lastPage: 2 });
    if (!second) return;

    // Another organization's reviewer does not find it.
    const { api: stranger } = await ws.stack.newUser();
    const foreign = await post(stranger, `/api/invoices/${second.id}/merge-previous`, {
      version: second.version,
    });
    expect(foreign.status).toBe(404);
    const foreignSplit = await post(stranger, `/api/invoices/${whole.id}/split`, { version: 1, atPage: 2 });
    expect(foreignSplit.status).toBe(404);

    const stale = await post(api, `/api/invoices/${second.id}/merge-previous`, {
      version: second.version + 1,
    });
    expect(stale.status).toBe(409);

    const response = await post(api, `/api/invoices/${second.id}/merge-previous`, {
      version: second.version,
    });
    expect(response.status, await response.clone().text()).toBe(202);
    expect(invoiceSchema.parse(await response.json()).id).toBe(whole.id);
    const [merged] = await settled(api, 1);
    expect(merged.id).toBe(whole.id);
    expect(merged.pageCount).toBe(2);
    expect(merged.vendorName).toBe(evergreen.vendorName);
    expect(merged.totalAmount).toBe(totalsOf(evergreen).total);
    expect(merged.batch).toMatchObject({ firstPage: 1, lastPage: 2 });
    expect(await numbersOnPages(api, merged.id)).toEqual([evergreen.invoiceNumber, '-']);
    expect((await api(`/api/invoices/${second.id}`)).status).toBe(404);
    expect(await invoicesThisMonth(api)).toBe(1);
  }, 240_000);

  it('refuses while either invoice is approved, and on an invoice that was never split', async () => {
    const api = await uploadedBatch(
      [
        { pages: 1, spec: northwind },
        { pages: 1, spec: evergreen },
      ],
      2,
    );
    const invoices = await listed(api);
    const first = invoices.find((i) => i.batch?.firstPage === 1);
    const second = invoices.find((i) => i.batch?.firstPage === 2);
    if (!first || !second) throw new Error('the batch was not split in two');
    const approved = await post(api, `/api/invoices/${first.id}/approve`, {});
    expect(approved.status, await approved.clone().text()).toBe(201);
    const refused = await post(api, `/api/invoices/${second.id}/merge-previous`, { version: second.version });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: 'approved',
      message: 'An approved invoice cannot be merged: reopen it first',
    });
    const noPrevious = await post(api, `/api/invoices/${first.id}/merge-previous`, {
      version: invoiceSchema.parse(await approved.json()).version,
    });
    expect(noPrevious.status).toBe(409);
    expect(await listed(api)).toHaveLength(2);
  }, 240_000);
});

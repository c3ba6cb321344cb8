import { randomUUID } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Invoice, invoiceSchema, vendorMemorySchema } from '../../shared/schemas';
import { type Api, fileForm, startTestStack, type TestStack } from '../helpers/local-stack';
import { body } from '../helpers/responses';

/**
 * Issue 34 §2, learning from corrections per vendor layout, against DynamoDB Local and the local
 * workflow: a person corrects one invoice of a vendor's template and approves it (PUT, then approve:
 * no other call), and the vendor's next invoice of that template reads the corrected fields right,
 * from the organization's memory, saying so. The memory's record counts later approvals. Another
 * organization reading the same vendor's invoice reads it as a fresh organization does.
 */
let stack: TestStack;
let ada: Api;
let bea: Api;
// Letters only: the name is read back from the page, where a code is a code however it is printed.
const run = Array.from(randomUUID().replace(/-/g, '').slice(0, 8), (c) =>
  String.fromCharCode(97 + (Number.parseInt(c, 16) % 26)),
).join('');
const vendorName = `Harbor Electric Supply ${run}`;

interface Statement {
  ref: string;
  /** As the vendor prints it: month first. */
  issued: string;
  net: number;
  prior: number;
}
const money = (n: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * One vendor's statement template (pdfkit, made at test time): dates printed month first without a
 * hint of the vendor's country, and the amount to pay (with the balance brought forward) under a label
 * the reading does not know.
 */
function statementPdf(s: Statement): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const vat = Math.round(s.net * 20) / 100;
  doc.font('Helvetica-Bold').fontSize(18).text(vendorName, 40, 40);
  doc.font('Helvetica').fontSize(9).text('Unit 4, Dock Road, Bristol BS1 6XX', 40, 64);
  doc.text('accounts@harbor-electric.test', 40, 76);
  doc.font('Helvetica-Bold').text('Customer', 40, 120).text('Statement ref.', 180, 120);
  doc.text('Issued', 300, 120).text('Terms', 420, 120);
  doc.font('Helvetica').text('C-1042', 40, 134).text(s.ref, 180, 134).text(s.issued, 300, 134);
  doc.text('30 days', 420, 134);
  doc.text('Electrical supplies as ordered', 40, 180).text(money(s.net), 480, 180);
  doc.text('Goods', 300, 240).text(money(s.net), 480, 240);
  doc.text('VAT 20%', 300, 254).text(money(vat), 480, 254);
  doc.text('This statement', 300, 268).text(money(s.net + vat), 480, 268);
  doc.text('Brought forward', 300, 282).text(money(s.prior), 480, 282);
  doc
    .font('Helvetica-Bold')
    .text('Please pay', 300, 296)
    .text(money(s.net + vat + s.prior), 480, 296);
  doc.end();
  return done;
}

const get = async (api: Api, id: string) => body(await api(`/api/invoices/${id}`), 200, invoiceSchema);

async function uploaded(api: Api, s: Statement): Promise<Invoice> {
  const created = await body(
    await api('/api/invoices/upload', {
      method: 'POST',
      body: fileForm(await statementPdf(s), `${s.ref}.pdf`),
    }),
    201,
    invoiceSchema,
  );
  await stack.workflow?.idle();
  return get(api, created.id);
}

async function correctAndApprove(
  api: Api,
  invoice: Invoice,
  fields: Record<string, unknown>,
): Promise<Invoice> {
  const edited = await api(`/api/invoices/${invoice.id}`, {
    method: 'PUT',
    json: { version: invoice.version, ...fields },
  });
  expect(edited.status, await edited.clone().text()).toBe(200);
  return body(
    await api(`/api/invoices/${invoice.id}/approve`, { method: 'POST', json: {} }),
    201,
    invoiceSchema,
  );
}

const learned = (invoice: Invoice) =>
  invoice.matchNotes.find((n) => n.includes('approved invoices of this layout'));

beforeAll(async () => {
  stack = await startTestStack({ queueWorkers: false });
  ada = (await stack.newUser({ firstName: 'Ada', lastName: 'Admin' })).api;
  bea = (await stack.newUser({ firstName: 'Bea', lastName: 'Other' })).api;
});
afterAll(async () => {
  await stack?.stop();
});

describe('learning from corrections per vendor layout', () => {
  const march = { ref: '58213', issued: '03/02/2026', net: 1200, prior: 310.5 };
  const april = { ref: '58377', issued: '04/03/2026', net: 850.25, prior: 0 };
  const may = { ref: '58490', issued: '05/04/2026', net: 99.9, prior: 1020.3 };

  it('the next invoice of a corrected layout reads the corrected fields right, and says so', async () => {
    const first = await uploaded(ada, march);
    // The reading, as any fresh organization gets it: day first, and no amount to pay.
    expect(first).toMatchObject({
      vendorName,
      invoiceNumber: '58213',
      invoiceDate: '2026-02-03',
      amountDue: null,
    });
    expect(learned(first)).toBeUndefined();
    const approved = await correctAndApprove(ada, first, { invoiceDate: '2026-03-02', amountDue: 1750.5 });
    expect(approved.status).toBe('APPROVED');

    const next = await uploaded(ada, april);
    expect(next.vendorId).toBe(approved.vendorId);
    expect(next).toMatchObject({
      invoiceNumber: '58377',
      invoiceDate: '2026-04-03',
      subtotal: 850.25,
      taxAmount: 170.05,
      totalAmount: 1020.3,
      amountDue: 1020.3,
    });
    // The memory's first departure from the reading is not yet confirmed: a person checks it.
    expect(next.fieldConfidence.invoiceDate).toBeLessThan(0.9);
    expect(next.status).toBe('REVIEW_REQUIRED');
    expect(learned(next)).toContain('differs from the reading: invoice date, amount due');
    // Where the date was read, for the review screen: the value the memory read, not the reading's.
    expect(next.fieldLocations.invoiceDate?.page).toBe(1);

    // Approved as read: every anchor that read right counts it, and the next one is surer.
    expect((await correctAndApprove(ada, next, {})).status).toBe('APPROVED');
    const third = await uploaded(ada, may);
    expect(third).toMatchObject({ invoiceDate: '2026-05-04', amountDue: 1140.18 });
    expect(third.fieldConfidence.invoiceDate).toBeGreaterThan(0.9);
  });

  it("one organization's memory never reaches another's invoices", async () => {
    const theirs = await uploaded(bea, april);
    expect(theirs.organizationId).not.toBe((await uploaded(ada, { ...april, ref: '58378' })).organizationId);
    expect(theirs).toMatchObject({
      vendorName,
      invoiceNumber: '58377',
      invoiceDate: '2026-03-04',
      amountDue: null,
    });
    expect(learned(theirs)).toBeUndefined();
    // Bea's own correction teaches Bea's organization only: Ada's memory of the vendor is unchanged.
    await correctAndApprove(bea, theirs, { invoiceDate: '2026-03-04', amountDue: 7 });
    const adas = await uploaded(ada, { ...may, ref: '58491' });
    expect(adas).toMatchObject({ invoiceDate: '2026-05-04', amountDue: 1140.18 });
  });

  it("shows on the vendor's page what was learned, only to its organization, and forgets it on a reset", async () => {
    const read = await uploaded(ada, { ...may, ref: '58492' });
    const memoryOf = (api: Api, vendorId: string) => api(`/api/vendors/${vendorId}/memory`);
    const vendorId = read.vendorId as string;
    const memory = await body(await memoryOf(ada, vendorId), 200, vendorMemorySchema);
    expect(memory.layouts).toHaveLength(1);
    expect(memory.layouts[0].approvals).toBeGreaterThanOrEqual(2);
    const fields = memory.layouts[0].fields.map((f) => f.words);
    expect(fields).toEqual(expect.arrayContaining(['invoice date', 'amount due']));
    // Another organization cannot read or reset it: the vendor is not theirs.
    expect((await memoryOf(bea, vendorId)).status).toBe(404);
    expect((await bea(`/api/vendors/${vendorId}/memory`, { method: 'DELETE' })).status).toBe(404);

    expect((await ada(`/api/vendors/${vendorId}/memory`, { method: 'DELETE' })).status).toBe(204);
    expect((await body(await memoryOf(ada, vendorId), 200, vendorMemorySchema)).layouts).toEqual([]);
    // Read again as a fresh organization reads it: day first, and no amount to pay.
    const fresh = await uploaded(ada, { ...may, ref: '58493' });
    expect(fresh).toMatchObject({ invoiceDate: '2026-04-05', amountDue: null });
  });
});

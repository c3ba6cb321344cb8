import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_INVOICE_REASON } from '../../functions/core/vendors/history';
import { type Invoice, invoiceSchema, propertySchema } from '../../shared/schemas';
import { type Api, fileForm, startTestStack, type TestStack } from '../helpers/local-stack';
import { trustNewVendors } from '../helpers/organization-settings';
import { body } from '../helpers/responses';
import { type InvoiceSpec, invoicePdf, plumbingInvoice } from './pipeline-invoices';

/**
 * Issue 34 §2 and §4, the AP controls on a vendor's history, against DynamoDB Local and the local
 * workflow: a vendor's first invoice never passes without a person (unless the organization says so);
 * once approved, the vendor's usual invoices pass; an amount far outside its approved range, or a
 * number off its numbering, is sent to review saying why; a split the clerk made alike three times
 * comes with the next invoice. What is remembered is the organization's own: another organization's
 * first invoice of the same vendor is a first, and a reset forgets.
 */
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function upload(api: Api, spec: InvoiceSpec): Promise<Invoice> {
  const response = await api('/api/invoices/upload', {
    method: 'POST',
    body: fileForm(await invoicePdf(spec), `${spec.invoiceNumber}.pdf`),
  });
  const created = await body(response, 201, invoiceSchema);
  await stack.workflow?.idle();
  return body(await api(`/api/invoices/${created.id}`), 200, invoiceSchema);
}

async function approve(api: Api, id: string): Promise<void> {
  expect((await api(`/api/invoices/${id}/approve`, { method: 'POST' })).status).toBe(201);
}

/** The same vendor month after month: numbers rising with the dates, amounts like the first. */
const month = (n: number, unitPrice = 1450) =>
  plumbingInvoice({
    invoiceNumber: `INV-2026-${String(400 + n).padStart(4, '0')}`,
    invoiceDate: `2026-${String(n).padStart(2, '0')}-02`,
    dueDate: `2026-${String(n).padStart(2, '0')}-28`,
    lines: [{ description: 'Water heater service', quantity: 1, unitPrice }],
  });

describe("a vendor's approved history", () => {
  it('sends the first invoice to review, passes the usual ones, and flags an amount or a number that departs', async () => {
    const { api } = await stack.newUser();
    const first = await upload(api, month(1));
    expect(first.status).toBe('REVIEW_REQUIRED');
    expect(first.reviewReasons).toContain(FIRST_INVOICE_REASON);
    await approve(api, first.id);

    // Approved once: the vendor is known, and its next usual invoice passes.
    const second = await upload(api, month(2));
    expect(second).toMatchObject({ status: 'PROCESSED', reviewReasons: [], vendorId: first.vendorId });
    await approve(api, second.id);
    await approve(api, (await upload(api, month(3))).id);
    // The vendor page says what the approvals taught of its terms (due the 28th, dated the 2nd) and its tax.
    const memory = await api(`/api/vendors/${first.vendorId}/memory`);
    const { history } = (await memory.json()) as { history: { paymentTerms: unknown; tax: unknown } };
    expect(history.paymentTerms).toEqual({ days: 26, count: 3 });
    expect(history.tax).toEqual({ taxed: true, rate: 0.08, count: 3 });

    // Three approved at $1,566.00: ten times that is far outside the range.
    const large = await upload(api, month(4, 14500));
    expect(large.status).toBe('REVIEW_REQUIRED');
    expect(large.reviewReasons).toEqual([
      "The total $15,660.00 is far outside this vendor's usual range ($1,566.00 to $1,566.00 on 3 approved invoices).",
    ]);
    // A number from before the vendor's sequence, on a usual amount.
    const early = await upload(api, { ...month(5), invoiceNumber: 'INV-2026-0390' });
    expect(early.reviewReasons).toEqual([
      "Invoice number INV-2026-0390 comes before this vendor's earlier approved invoices (its last approved was INV-2026-0403).",
    ]);

    // A reset forgets the history with the layouts: the next invoice is a first again.
    expect((await api(`/api/vendors/${first.vendorId}/memory`, { method: 'DELETE' })).status).toBe(204);
    const afterReset = await upload(api, month(6));
    expect(afterReset.reviewReasons).toContain(FIRST_INVOICE_REASON);
  });

  it('splits the next invoice as the clerk split the last three, over its own total', async () => {
    const { api } = await stack.newUser();
    // Two buildings the invoices never name: nothing on the page points to either.
    const property = async (name: string, address: string) =>
      (
        await body(
          await api('/api/properties', {
            method: 'POST',
            json: { name, address, propertyType: 'APARTMENT' },
          }),
          201,
          propertySchema,
        )
      ).id;
    const birch = await property('Birch Hall', '5 Birch Lane, Shelbyville, IL 62565');
    const cedar = await property('Cedar Point', '77 Cedar Street, Shelbyville, IL 62565');
    for (const n of [1, 2, 3]) {
      const invoice = await upload(api, month(n));
      expect(invoice.allocations).toEqual([]);
      // The clerk books 60% on Birch Hall and 40% on Cedar Point ($1,566.00 each month).
      const split = await api(`/api/invoices/${invoice.id}`, {
        method: 'PUT',
        json: {
          version: invoice.version,
          allocations: [
            { propertyId: birch, amount: 939.6 },
            { propertyId: cedar, amount: 626.4 },
          ],
        },
      });
      expect(split.status).toBe(200);
      await approve(api, invoice.id);
    }
    // $1,500.00 + 8% tax: the usual 60/40 of its own total, to the cent.
    const next = await upload(api, month(4, 1500));
    expect(next.totalAmount).toBe(1620);
    expect(next.allocations).toEqual([
      { propertyId: birch, propertyName: 'Birch Hall', categoryId: null, categoryName: null, amount: 972 },
      { propertyId: cedar, propertyName: 'Cedar Point', categoryId: null, categoryName: null, amount: 648 },
    ]);
    expect(next.matchNotes).toContain(
      "Split as this vendor's last 3 approved invoices were: 60% Birch Hall, 40% Cedar Point.",
    );
    const memory = await api(`/api/vendors/${next.vendorId}/memory`);
    const { history } = (await memory.json()) as { history: { split: unknown } };
    expect(history.split).toEqual({
      shares: [
        { propertyId: birch, propertyName: 'Birch Hall', categoryId: null, percent: 60 },
        { propertyId: cedar, propertyName: 'Cedar Point', categoryId: null, percent: 40 },
      ],
      count: 3,
    });

    // The clerk splits this one otherwise: reading it again keeps the clerk's split, not the usual one.
    const halves = [
      { propertyId: birch, amount: 810 },
      { propertyId: cedar, amount: 810 },
    ];
    const own = await api(`/api/invoices/${next.id}`, {
      method: 'PUT',
      json: { version: next.version, allocations: halves },
    });
    expect(own.status).toBe(200);
    expect((await api(`/api/invoices/${next.id}/reprocess`, { method: 'POST' })).status).toBe(202);
    // A reprocess starts its run from the outbox: handed over first, then run.
    await stack.outbox.drained();
    await stack.workflow?.idle();
    const reread = await body(await api(`/api/invoices/${next.id}`), 200, invoiceSchema);
    expect(reread.version).toBeGreaterThan(next.version + 1);
    expect(['PROCESSED', 'REVIEW_REQUIRED']).toContain(reread.status);
    expect(reread.allocations.map((a) => [a.propertyId, a.amount])).toEqual([
      [birch, 810],
      [cedar, 810],
    ]);
  });

  it('sends to review an invoice that asks for payment to a bank account the approved ones never named', async () => {
    const { api } = await stack.newUser();
    const bank = (account: string) => [
      'Please pay by ACH to Springfield Savings Bank',
      `Routing number: 021000021  Account number: ${account}`,
    ];
    await trustNewVendors(api);
    const usual = await upload(api, { ...month(1), remitTo: bank('4432118709') });
    expect(usual).toMatchObject({ status: 'PROCESSED', reviewReasons: [] });
    await approve(api, usual.id);
    // The vendor page says which account its approved invoices were paid to, by its last four only.
    const memory = await api(`/api/vendors/${usual.vendorId}/memory`);
    const { history } = (await memory.json()) as { history: { paymentAccounts: unknown[] } };
    expect(history.paymentAccounts).toEqual([{ kind: 'us-bank', last4: '8709' }]);

    expect(await upload(api, { ...month(2), remitTo: bank('4432118709') })).toMatchObject({
      status: 'PROCESSED',
      reviewReasons: [],
    });
    const changed = await upload(api, { ...month(3), remitTo: bank('7781002345') });
    expect(changed.status).toBe('REVIEW_REQUIRED');
    expect(changed.reviewReasons).toEqual([
      "Bank details changed: this invoice asks for payment to an account ending 2345, and this vendor's approved invoices named the account ending 8709. Confirm the change with the vendor at a phone number you already have before paying.",
    ]);
    // An invoice that prints no bank details asks for nothing new.
    expect((await upload(api, month(4))).reviewReasons).toEqual([]);
  });

  it("never counts another organization's approvals, and lets an organization pass new vendors when it says so", async () => {
    const ada = (await stack.newUser()).api;
    await approve(ada, (await upload(ada, month(7))).id);
    expect((await upload(ada, month(8))).status).toBe('PROCESSED');

    // The same vendor is new to Bea's organization.
    const bea = (await stack.newUser()).api;
    const hers = await upload(bea, month(8));
    expect(hers.reviewReasons).toContain(FIRST_INVOICE_REASON);

    await trustNewVendors(bea);
    const trusted = await upload(bea, {
      ...month(9),
      vendorName: 'Lakeside Landscaping Co',
      vendorEmail: 'ar@lakeside-landscaping.com',
      vendorAddress: '9 Shore Drive, Springfield, IL 62702',
    });
    expect(trusted).toMatchObject({ status: 'PROCESSED', reviewReasons: [] });
  });
});

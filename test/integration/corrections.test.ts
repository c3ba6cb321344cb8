import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/errors';
import {
  analyticsSchema,
  type Invoice,
  invoiceEventSchema,
  invoiceSchema,
  pageOf,
  type Role,
  userSchema,
  type Vendor,
  vendorSchema,
} from '../../shared/schemas';
import { type Api, fileForm, startTestStack, type TestStack } from '../helpers/local-stack';
import { body } from '../helpers/responses';
import { invoicePdf, plumbingInvoice } from './pipeline-invoices';

/**
 * Issue 31 §3, every field correctable, against DynamoDB Local and the local workflow: a retyped or
 * picked vendor re-links the invoice and the SUGGESTED vendor left behind goes (from the vendor list and
 * Analytics), a credit note (negative amounts) is saved and approved, a PUT that changes nothing records
 * nothing, and an approved invoice is reopened (needs approval again) or voided, by approvers only.
 */
let stack: TestStack;
let ada: Api;
let max: Api;
let vic: Api;
const run = randomUUID().slice(0, 8);

const failure = (response: Response, status: number) => body(response, status, errorBodySchema);
const me = async (api: Api) => body(await api('/api/auth/user'), 200, userSchema);

async function invited(role: Role, firstName: string): Promise<Api> {
  const email = `${firstName.toLowerCase()}-${run}@example.com`;
  const response = await ada('/api/organization/invitations', { method: 'POST', json: { email, role } });
  expect(response.status, await response.clone().text()).toBe(201);
  const person = await stack.newUser({ email, firstName, lastName: 'Tester' });
  expect((await me(person.api)).role).toBe(role);
  return person.api;
}

let serial = 0;
/** Uploads an invoice from `vendorName` and waits for the workflow's decision. */
async function uploaded(vendorName: string): Promise<Invoice> {
  const number = `COR-${run}-${++serial}`;
  const pdf = await invoicePdf(plumbingInvoice({ vendorName, invoiceNumber: number }));
  const created = await body(
    await ada('/api/invoices/upload', { method: 'POST', body: fileForm(pdf, `${number}.pdf`) }),
    201,
    invoiceSchema,
  );
  await stack.workflow?.idle();
  return get(created.id);
}

const get = async (id: string) => body(await ada(`/api/invoices/${id}`), 200, invoiceSchema);
const put = (id: string, json: unknown, api = ada) => api(`/api/invoices/${id}`, { method: 'PUT', json });
const post = (path: string, json: unknown = {}, api = ada) => api(path, { method: 'POST', json });
const events = async (id: string) =>
  (await body(await ada(`/api/invoices/${id}/events`), 200, pageOf(invoiceEventSchema))).items;
const vendors = async (): Promise<Vendor[]> =>
  (await body(await ada('/api/vendors?limit=100'), 200, pageOf(vendorSchema))).items;

beforeAll(async () => {
  stack = await startTestStack({ queueWorkers: false });
  ada = (await stack.newUser({ firstName: 'Ada', lastName: 'Admin' })).api;
  max = await invited('MEMBER', 'Max');
  vic = await invited('VIEWER', 'Vic');
});
afterAll(async () => {
  await stack?.stop();
});

describe('the vendor follows the corrected name', () => {
  it('a retyped name re-links (a new suggested vendor), a picked vendor links by id, and the junk vendor goes', async () => {
    const invoice = await uploaded(`Kopie Factuur ${run}`);
    const junk = (await vendors()).find((v) => v.id === invoice.vendorId);
    expect(junk?.status).toBe('SUGGESTED');

    const retyped = await body(
      await put(invoice.id, { version: invoice.version, vendorName: `Brightline Roofing ${run}` }),
      200,
      invoiceSchema,
    );
    expect(retyped.vendorId).not.toBe(invoice.vendorId);
    expect(retyped.vendorMatch).toMatchObject({ vendorId: retyped.vendorId, by: 'created' });
    let list = await vendors();
    expect(list.find((v) => v.id === retyped.vendorId)).toMatchObject({
      name: `Brightline Roofing ${run}`,
      status: 'SUGGESTED',
      totalInvoices: 1,
    });
    expect(list.some((v) => v.id === invoice.vendorId)).toBe(false);
    expect((await failure(await ada(`/api/vendors/${invoice.vendorId}`), 404)).message).toBe(
      'Vendor not found',
    );

    // A master vendor picked in the form: linked by id, under its name; the suggestion made above goes too.
    const master = await body(
      await post('/api/vendors', { name: `Acme Plumbing ${run}`, email: 'ap@acme.test' }),
      201,
      vendorSchema,
    );
    const picked = await body(
      await put(invoice.id, { version: retyped.version, vendorId: master.id }),
      200,
      invoiceSchema,
    );
    expect(picked).toMatchObject({
      vendorId: master.id,
      vendorName: `Acme Plumbing ${run}`,
      vendorMatch: { vendorId: master.id, score: 1, by: 'person' },
    });
    expect(picked.fieldEdits.vendorName).toBeDefined();
    list = await vendors();
    expect(list.some((v) => v.id === retyped.vendorId)).toBe(false);
    expect(list.find((v) => v.id === master.id)).toMatchObject({ status: 'ACTIVE', totalInvoices: 1 });

    // Typing the master's name links it (by name), without picking.
    const other = await uploaded(`P.U. HT ${run}`);
    const byName = await body(
      await put(other.id, { version: other.version, vendorName: `acme plumbing ${run}` }),
      200,
      invoiceSchema,
    );
    expect(byName.vendorMatch).toMatchObject({ vendorId: master.id, by: 'name' });
    // Picking the vendor it is already linked to confirms the link: the match is then the person's.
    const confirmed = await body(
      await put(other.id, { version: byName.version, vendorId: master.id }),
      200,
      invoiceSchema,
    );
    expect(confirmed.vendorMatch).toEqual({ vendorId: master.id, score: 1, by: 'person' });
    expect((await vendors()).some((v) => v.id === other.vendorId)).toBe(false);

    const analytics = await body(await ada('/api/analytics/invoice-analytics'), 200, analyticsSchema);
    expect(analytics.topVendors.map((v) => v.name)).toEqual([`Acme Plumbing ${run}`]);
    expect(analytics.topVendors[0].invoiceCount).toBe(2);
  });

  it('refuses a vendor id of no vendor of the organization', async () => {
    const invoice = await uploaded(`Oakline Electric ${run}`);
    const missing = await failure(
      await put(invoice.id, { version: invoice.version, vendorId: '01HZY3K8M2Q4R5S6T7V8W9XNPQ' }),
      400,
    );
    // As a property or category of no organization's own: the form points at the field.
    expect(missing.issues).toEqual([
      { path: 'vendorId', message: 'The vendor does not exist in your organization' },
    ]);
  });
});

describe('a PUT that changes nothing', () => {
  it('records no edit and keeps the version', async () => {
    const invoice = await uploaded(`Stillwater Supply ${run}`);
    const before = await events(invoice.id);
    const same = await body(
      await put(invoice.id, {
        version: invoice.version,
        vendorName: invoice.vendorName,
        totalAmount: invoice.totalAmount,
        taxAmount: invoice.taxAmount,
        notes: invoice.notes,
        currency: invoice.currency,
      }),
      200,
      invoiceSchema,
    );
    expect(same.version).toBe(invoice.version);
    expect(same.fieldEdits).toEqual(invoice.fieldEdits);
    expect(await events(invoice.id)).toHaveLength(before.length);
  });
});

describe('credit notes', () => {
  it('saves negative amounts in its currency and approves the credit', async () => {
    const invoice = await uploaded(`Refund Partners ${run}`);
    const credit = await body(
      await put(invoice.id, {
        version: invoice.version,
        subtotal: -100,
        taxAmount: -8,
        totalAmount: -108,
        currency: 'EUR',
      }),
      200,
      invoiceSchema,
    );
    expect(credit).toMatchObject({ subtotal: -100, taxAmount: -8, totalAmount: -108, currency: 'EUR' });
    const tooPrecise = await failure(
      await put(invoice.id, { version: credit.version, totalAmount: -1.005 }),
      400,
    );
    expect(tooPrecise.issues?.map((i) => i.message)).toEqual(['At most 2 decimals']);
    const approved = await body(await post(`/api/invoices/${invoice.id}/approve`), 201, invoiceSchema);
    expect(approved).toMatchObject({ status: 'APPROVED', totalAmount: -108 });
  });
});

describe('reopening and voiding an approved invoice', () => {
  it('only approvers may; reopening needs approval again, voiding rejects it with the reason', async () => {
    const invoice = await uploaded(`Harbor Glass ${run}`);
    const approved = await body(
      await post(`/api/invoices/${invoice.id}/approve`, { comment: 'Looks right' }),
      201,
      invoiceSchema,
    );
    expect(approved.status).toBe('APPROVED');
    expect(
      (await failure(await put(invoice.id, { version: approved.version, notes: 'x' }), 409)).message,
    ).toBe('Cannot edit an invoice that is approved');
    for (const api of [max, vic])
      expect(
        (await failure(await post(`/api/invoices/${invoice.id}/reopen`, { reason: 'x' }, api), 403)).message,
      ).toBe('You are not an approver for this invoice');
    const blank = await failure(await post(`/api/invoices/${invoice.id}/reopen`, { reason: '  ' }), 400);
    expect(blank.issues?.map((i) => i.message)).toEqual(['Reason required']);

    const reopened = await body(
      await post(`/api/invoices/${invoice.id}/reopen`, { reason: 'Wrong amount booked' }),
      201,
      invoiceSchema,
    );
    expect(reopened).toMatchObject({ status: 'REVIEW_REQUIRED', reviewStatus: 'REQUIRES_REVIEW' });
    expect(reopened.reviewReasons[0]).toBe('Reopened after approval: Wrong amount booked');
    expect(reopened.approvalSteps?.approvals).toEqual([]);
    expect((await events(invoice.id)).find((e) => e.type === 'reopened')).toMatchObject({
      from: 'APPROVED',
      to: 'REVIEW_REQUIRED',
      note: 'Wrong amount booked',
    });
    // It can be corrected now, and needs its approval again.
    const corrected = await body(
      await put(invoice.id, { version: reopened.version, totalAmount: 1000 }),
      200,
      invoiceSchema,
    );
    expect(corrected.totalAmount).toBe(1000);
    await body(await post(`/api/invoices/${invoice.id}/approve`), 201, invoiceSchema);

    const voided = await body(
      await post(`/api/invoices/${invoice.id}/void`, { reason: 'Billed twice' }),
      201,
      invoiceSchema,
    );
    expect(voided).toMatchObject({ status: 'REJECTED', rejectionReason: 'Voided: Billed twice' });
    expect((await events(invoice.id)).find((e) => e.type === 'voided')).toMatchObject({
      from: 'APPROVED',
      to: 'REJECTED',
      note: 'Billed twice',
    });
    expect(
      (await failure(await post(`/api/invoices/${invoice.id}/void`, { reason: 'Again' }), 409)).message,
    ).toBe('Cannot void an invoice that is rejected');
  });
});

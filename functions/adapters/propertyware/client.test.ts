import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakePropertyware, startFakePropertyware } from '../../../infra/local/fakes/propertyware';
import { allowLoopbackOutbound } from '../../../test/helpers/outbound-env';
import { callOutbound, formBody } from '../http';
import type { BillDocument } from '../quickbooks/client';
import type { PropertywareBillSource } from './bill';
import {
  type PropertywareConfig,
  propertywareHeaders,
  pushPropertywareBill,
  reversePropertywareBill,
} from './client';

let fake: FakePropertyware;
allowLoopbackOutbound();

beforeAll(async () => {
  fake = await startFakePropertyware();
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const invoice = (overrides: Partial<PropertywareBillSource> = {}): PropertywareBillSource => ({
  id: '01INV',
  invoiceNumber: 'HM-2291',
  invoiceDate: '2026-10-03',
  dueDate: '2026-11-02',
  vendorName: 'Harbor Mechanical LLC',
  totalAmount: 1250.5,
  categoryId: 'CAT-REPAIRS',
  propertyId: 'PROP-A',
  lineItems: [
    { description: 'Water heater', quantity: 1, unitPrice: 1000, totalPrice: 1000, categoryId: 'CAT-EQUIP' },
    { description: 'Labor', quantity: 2.5, unitPrice: 100.2, totalPrice: 250.5 },
  ],
  ...overrides,
});

const config = (overrides: Partial<PropertywareConfig> = {}): PropertywareConfig => ({
  apiUrl: fake.url,
  username: fake.credentials.clientId,
  password: fake.credentials.clientSecret,
  systemId: fake.credentials.systemId,
  defaultGlAccountId: '5000',
  accountMap: JSON.stringify({ 'CAT-EQUIP': '5100' }),
  defaultPortfolioId: '10',
  propertyMap: JSON.stringify({
    'PROP-A': { portfolioId: '21', buildingId: '2101' },
    'PROP-B': { portfolioId: '22' },
  }),
  ...overrides,
});

const PDF = Buffer.from('%PDF-1.4 the invoice\n%%EOF');
const document = (filename = 'HM-2291.pdf'): BillDocument => ({
  filename,
  contentType: 'application/pdf',
  read: async () => new Uint8Array(PDF),
});

const path = (suffix: string) => new URL(`${fake.url}${suffix}`).pathname;

describe('Propertyware client against the fake', () => {
  it('looks up or creates the vendor, looks up the refNo, then posts the bill with the documented shapes', async () => {
    const result = await pushPropertywareBill(config(), invoice());
    expect(result).toEqual({ ok: true, billId: String(fake.bills.at(-1)?.id) });
    const headers = {
      'x-propertyware-client-id': fake.credentials.clientId,
      'x-propertyware-client-secret': fake.credentials.clientSecret,
      'x-propertyware-system-id': fake.credentials.systemId,
      accept: 'application/json',
    };
    const [findVendor, createVendor, findBill, createBill] = fake.requests;
    expect(fake.requests).toHaveLength(4);
    expect(findVendor).toMatchObject({
      method: 'GET',
      path: path('/vendors'),
      query: { name: 'Harbor Mechanical LLC' },
      headers,
    });
    expect(findVendor.headers['content-type']).toBeUndefined();
    expect(createVendor).toMatchObject({
      method: 'POST',
      path: path('/vendors'),
      headers: { ...headers, 'content-type': 'application/json' },
      body: { name: 'Harbor Mechanical LLC' },
    });
    expect(findBill).toMatchObject({
      method: 'GET',
      path: path('/bills'),
      // GET /bills's documented filters: the vendor and the bill date; the refNo is matched on the answer.
      query: {
        vendorID: String(fake.vendors.at(-1)?.id),
        billDateStart: '2026-10-03',
        billDateEnd: '2026-10-03',
      },
      headers,
    });
    expect(createBill).toMatchObject({
      method: 'POST',
      path: path('/bills'),
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(createBill.body).toEqual({
      vendorID: fake.vendors.at(-1)?.id,
      billDate: '2026-10-03',
      dueDate: '2026-11-02',
      refNo: 'HM-2291',
      comments: 'Invoice Pilot invoice 01INV',
      billSplits: [
        { amount: 1000, glAccountID: 5100, portfolioID: 21, buildingID: 2101, comments: 'Water heater' },
        { amount: 250.5, glAccountID: 5000, portfolioID: 21, buildingID: 2101, comments: 'Labor' },
      ],
    });
  });

  it('an invoice split across properties (allocations) gets one bill split per property', async () => {
    const result = await pushPropertywareBill(
      config(),
      invoice({
        id: 'SPLIT',
        invoiceNumber: 'SPLIT-1',
        invoiceDate: null,
        dueDate: null,
        allocations: [
          { propertyId: 'PROP-A', propertyName: 'A', categoryId: null, categoryName: null, amount: 700.25 },
          {
            propertyId: 'PROP-B',
            propertyName: 'B',
            categoryId: 'CAT-EQUIP',
            categoryName: 'Equipment',
            amount: 400,
          },
          {
            propertyId: 'PROP-UNMAPPED',
            propertyName: 'Unmapped',
            categoryId: null,
            categoryName: null,
            amount: 150.25,
          },
        ],
      }),
      undefined,
      '2026-11-20',
    );
    expect(result.ok).toBe(true);
    expect(fake.requests.map((r) => `${r.method} ${r.path.split('/').pop()}`)).toEqual([
      'GET vendors',
      'GET bills',
      'POST bills',
    ]);
    expect(fake.requests[2].body).toMatchObject({
      billDate: '2026-11-20',
      dueDate: '2026-11-20',
      refNo: 'SPLIT-1',
      billSplits: [
        { amount: 700.25, glAccountID: 5000, portfolioID: 21, buildingID: 2101 },
        { amount: 400, glAccountID: 5100, portfolioID: 22 },
        { amount: 150.25, glAccountID: 5000, portfolioID: 10 },
      ],
    });
  });

  it('books on the vendor the admin mapped ours to, without looking it up by name', async () => {
    await pushPropertywareBill(config(), invoice({ id: 'MAP0', vendorName: 'Harbor Supply Co' }));
    const chosen = fake.vendors.find((v) => v.name === 'Harbor Supply Co');
    fake.requests.length = 0;
    const result = await pushPropertywareBill(
      config({ vendorMap: JSON.stringify({ V1: String(chosen?.id) }) }),
      invoice({ id: 'MAP1', invoiceNumber: 'MAP-1', vendorId: 'V1', vendorName: 'HARBOR SUPPLY' }),
    );
    expect(result.ok).toBe(true);
    expect(fake.requests.some((r) => r.path.endsWith('/vendors'))).toBe(false);
    expect(fake.bills.at(-1)).toMatchObject({ vendorID: chosen?.id });
    expect(fake.vendors.filter((v) => v.name === 'HARBOR SUPPLY')).toHaveLength(0);
  });

  it('a retry after a lost answer finds the bill by its refNo: one bill', async () => {
    const before = fake.bills.length;
    fake.loseNextAnswer('/bills');
    const lost = await pushPropertywareBill(config(), invoice({ id: 'LOST', invoiceNumber: 'LOST-1' }));
    expect(lost).toMatchObject({ ok: false, permanent: false });
    const retried = await pushPropertywareBill(config(), invoice({ id: 'LOST', invoiceNumber: 'LOST-1' }));
    expect(fake.bills).toHaveLength(before + 1);
    expect(retried).toEqual({ ok: true, billId: String(fake.bills.at(-1)?.id) });
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/bills'))).toHaveLength(1);
  });

  it('a 429 is retried with backoff, then succeeds', async () => {
    fake.throttleNext(2);
    const started = Date.now();
    const result = await pushPropertywareBill(config(), invoice({ id: 'SLOW', invoiceNumber: 'SLOW-1' }));
    expect(result.ok).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400); // 0.5 s, then 1 s.
    expect(fake.requests.slice(0, 3).map((r) => r.path.split('/').pop())).toEqual([
      'vendors',
      'vendors',
      'vendors',
    ]);
  });

  it('a missing mapping fails with a clear reason before any call; refused credentials are not retried', async () => {
    expect(
      await pushPropertywareBill(
        config({ defaultPortfolioId: undefined, propertyMap: undefined }),
        invoice(),
      ),
    ).toEqual({
      ok: false,
      permanent: true,
      error: 'No Propertyware portfolio for property PROP-A: map it or set a default portfolio',
    });
    expect(await pushPropertywareBill(config({ systemId: undefined }), invoice())).toEqual({
      ok: false,
      permanent: true,
      error: 'Set the Propertyware client id, secret and system id',
    });
    expect(fake.requests).toEqual([]);
    expect(await pushPropertywareBill(config({ password: 'wrong' }), invoice())).toEqual({
      ok: false,
      permanent: true,
      error: 'Propertyware refused the credentials: check the client id, secret and system id',
    });
  });

  it('the fake refuses a bill without its required fields, or with ids that are not integers', async () => {
    const post = (body: unknown) =>
      callOutbound({
        url: `${fake.url}/bills`,
        method: 'POST',
        headers: { ...propertywareHeaders(config()), 'content-type': 'application/json' },
        body: JSON.stringify(body),
        timeoutMs: 5000,
      });
    const vendorID = fake.vendors[0].id;
    const split = { amount: 10, glAccountID: 5000, portfolioID: 10 };
    expect((await post({ vendorID, billDate: '2026-10-01', billSplits: [split] })).status).toBe(400);
    expect(
      (
        await post({
          vendorID,
          billDate: '2026-10-01',
          dueDate: '2026-10-01',
          billSplits: [{ ...split, glAccountID: '5000' }],
        })
      ).status,
    ).toBe(400);
    expect(
      (await post({ vendorID, billDate: '2026-10-01', dueDate: '2026-10-01', billSplits: [split] })).status,
    ).toBe(201);
  });

  it('attaches the invoice file to the bill (POST /docs, multipart file part), once even when retried', async () => {
    const source = invoice({ id: 'DOC', invoiceNumber: 'DOC-1' });
    const result = await pushPropertywareBill(config(), source, document('DOC-1.pdf'));
    expect(result.ok).toBe(true);
    const billId = Number((result as { billId: string }).billId);
    expect(fake.requests.map((r) => `${r.method} ${r.path.split('/').pop()}`)).toEqual([
      'GET vendors',
      'GET bills',
      'POST bills',
      'GET docs',
      'POST docs',
    ]);
    const upload = fake.requests[4];
    expect(upload.query).toEqual({ entityType: 'BILL', entityId: String(billId) });
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; ?boundary=/);
    expect(fake.documents.filter((d) => d.entityId === billId)).toMatchObject([
      { entityType: 'BILL', fileName: 'DOC-1.pdf', fileType: 'application/pdf', content: PDF },
    ]);

    // The answer to the upload is lost: the retry finds the bill by refNo and the document by name.
    fake.requests.length = 0;
    const lost = invoice({ id: 'DOC2', invoiceNumber: 'DOC-2' });
    fake.loseNextAnswer('/docs');
    expect(await pushPropertywareBill(config(), lost, document('DOC-2.pdf'))).toMatchObject({ ok: false });
    const retried = await pushPropertywareBill(config(), lost, document('DOC-2.pdf'));
    expect(retried.ok).toBe(true);
    const second = Number((retried as { billId: string }).billId);
    expect(fake.documents.filter((d) => d.entityId === second)).toHaveLength(1);
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/docs'))).toHaveLength(1);
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/bills'))).toHaveLength(1);
  });

  it('the fake refuses a document without entityType, for a bill that does not exist, or not as a file part', async () => {
    const upload = async (query: string, form: FormData) => {
      const { contentType, body } = await formBody(form);
      return callOutbound({
        url: `${fake.url}/docs${query}`,
        method: 'POST',
        headers: { ...propertywareHeaders(config()), 'content-type': contentType },
        body,
        timeoutMs: 5000,
      });
    };
    const fileForm = () => {
      const form = new FormData();
      form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'x.pdf');
      return form;
    };
    const billId = fake.bills[0].id;
    expect((await upload(`?entityId=${billId}`, fileForm())).status).toBe(400);
    expect((await upload('?entityType=BILL&entityId=999999', fileForm())).status).toBe(404);
    const field = new FormData();
    field.append('file', 'not a file');
    expect((await upload(`?entityType=BILL&entityId=${billId}`, field)).status).toBe(400);
    const json = await callOutbound({
      url: `${fake.url}/docs?entityType=BILL&entityId=${billId}`,
      method: 'POST',
      headers: { ...propertywareHeaders(config()), 'content-type': 'application/json' },
      body: '{}',
      timeoutMs: 5000,
    });
    expect(json.status).toBe(415);
    expect((await upload(`?entityType=BILL&entityId=${billId}`, fileForm())).status).toBe(201);
  });

  it('a credit note becomes a vendor credit (POST /bills/credit, SaveCredit: no due date), found again by refNo', async () => {
    const credit = invoice({
      id: 'CREDIT',
      invoiceNumber: 'CN-77',
      totalAmount: -19.99,
      lineItems: [{ description: 'Refund', quantity: null, unitPrice: null, totalPrice: -19.99 }],
    });
    const first = await pushPropertywareBill(config(), credit);
    expect(first).toEqual({ ok: true, billId: String(fake.bills.at(-1)?.id) });
    const posted = fake.requests.find((r) => r.method === 'POST' && r.path === path('/bills/credit'));
    expect(posted?.body).toEqual({
      vendorID: fake.bills.at(-1)?.vendorID,
      billDate: '2026-10-03',
      refNo: 'CN-77',
      comments: 'Invoice Pilot invoice CREDIT',
      billSplits: [
        { amount: 19.99, glAccountID: 5000, portfolioID: 21, buildingID: 2101, comments: 'Refund' },
      ],
    });
    expect(fake.bills.at(-1)).toMatchObject({ credit: true, amount: 19.99 });
    const count = fake.bills.length;
    expect(await pushPropertywareBill(config(), credit)).toEqual(first);
    expect(fake.bills).toHaveLength(count);
  });

  it('books the tax as its own split and refuses an invoice in another currency before any call', async () => {
    const result = await pushPropertywareBill(
      config({ taxGlAccountId: '5900' }),
      invoice({ id: 'TAXED', invoiceNumber: 'T-1', taxAmount: 100.05, totalAmount: 1350.55 }),
    );
    expect(result.ok).toBe(true);
    expect(fake.bills.at(-1)?.amount).toBe(1350.55);
    expect(fake.bills.at(-1)?.billSplits.at(-1)).toMatchObject({ amount: 100.05, glAccountID: 5900 });
    fake.requests.length = 0;
    expect(await pushPropertywareBill(config(), invoice({ currency: 'EUR' }))).toEqual({
      ok: false,
      permanent: true,
      error: "The invoice is in EUR but Propertyware books USD only: correct the invoice's currency",
    });
    expect(fake.requests).toEqual([]);
  });

  it('takes back a booked bill with DELETE /bills/{billID}; one already gone counts as taken back', async () => {
    const booked = await pushPropertywareBill(config(), invoice({ id: 'REOPEN', invoiceNumber: 'RE-1' }));
    if (!booked.ok) throw new Error(booked.error);
    fake.requests.length = 0;
    expect(await reversePropertywareBill(config(), booked.billId)).toEqual(booked);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `DELETE ${path(`/bills/${booked.billId}`)}`,
    ]);
    expect(fake.bills.some((b) => String(b.id) === booked.billId)).toBe(false);
    expect(await reversePropertywareBill(config(), booked.billId)).toEqual(booked);
  });
});

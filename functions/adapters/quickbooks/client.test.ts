import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeQuickBooks, startFakeQuickBooks } from '../../../infra/local/fakes/quickbooks';
import { allowLoopbackOutbound } from '../../../test/helpers/outbound-env';
import type { BillSource } from '../../core/billing/bill-plan';
import { callOutbound } from '../http';
import { pushBill, type QuickBooksConfig, RECONNECT_QUICKBOOKS, reverseBill } from './client';

let fake: FakeQuickBooks;
allowLoopbackOutbound();

beforeAll(async () => {
  fake = await startFakeQuickBooks();
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const invoice = (overrides: Partial<BillSource> = {}): BillSource => ({
  id: '01INV',
  invoiceNumber: 'HM-2291',
  invoiceDate: '2026-10-03',
  dueDate: '2026-11-02',
  vendorName: "O'Brien Plumbing LLC",
  totalAmount: 1250.5,
  categoryId: 'CAT-REPAIRS',
  lineItems: [
    { description: 'Water heater', quantity: 1, unitPrice: 1000, totalPrice: 1000, categoryId: 'CAT-EQUIP' },
    { description: 'Labor', quantity: 2.5, unitPrice: 100.2, totalPrice: null },
  ],
  ...overrides,
});

const config = (overrides: Partial<QuickBooksConfig> = {}): QuickBooksConfig => ({
  apiUrl: fake.url,
  realmId: '9130357',
  apiKey: fake.accessToken,
  defaultAccountId: '7',
  accountMap: JSON.stringify({ 'CAT-EQUIP': '41' }),
  ...overrides,
});

describe('QuickBooks Online client against the fake', () => {
  it('finds or creates the vendor and posts the bill with the documented request shapes', async () => {
    const result = await pushBill(config(), invoice(), 'a'.repeat(32));
    expect(result).toEqual({ ok: true, billId: fake.bills.at(-1)?.Id });
    const [preferences, query, vendor, bill] = fake.requests;
    const headers = { authorization: `Bearer ${fake.accessToken}`, accept: 'application/json' };
    // The company's currency settings come first: a bill in another currency needs multicurrency.
    expect(preferences).toMatchObject({
      method: 'GET',
      path: '/v3/company/9130357/preferences',
      query: { minorversion: '75' },
      headers,
    });
    expect(query).toMatchObject({
      method: 'GET',
      path: '/v3/company/9130357/query',
      query: {
        minorversion: '75',
        query: "SELECT * FROM Vendor WHERE DisplayName = 'O\\'Brien Plumbing LLC'",
      },
      headers,
    });
    expect(vendor).toMatchObject({
      method: 'POST',
      path: '/v3/company/9130357/vendor',
      query: { minorversion: '75', requestid: `v${'a'.repeat(32)}` },
      headers: { ...headers, 'content-type': 'application/json' },
      body: { DisplayName: "O'Brien Plumbing LLC" },
    });
    expect(bill).toMatchObject({
      method: 'POST',
      path: '/v3/company/9130357/bill',
      query: { minorversion: '75', requestid: 'a'.repeat(32) },
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(bill.body).toEqual({
      VendorRef: { value: fake.vendors.at(-1)?.Id },
      Line: [
        {
          Amount: 1000,
          Description: 'Water heater',
          DetailType: 'AccountBasedExpenseLineDetail',
          AccountBasedExpenseLineDetail: { AccountRef: { value: '41' } },
        },
        {
          Amount: 250.5,
          Description: 'Labor',
          DetailType: 'AccountBasedExpenseLineDetail',
          AccountBasedExpenseLineDetail: { AccountRef: { value: '7' } },
        },
      ],
      TxnDate: '2026-10-03',
      DueDate: '2026-11-02',
      DocNumber: 'HM-2291',
      PrivateNote: 'Invoice Pilot invoice 01INV',
    });
    expect(fake.requests).toHaveLength(4);
  });

  it('reuses a vendor found by DisplayName; with no line items bills the total on the category account', async () => {
    const result = await pushBill(
      config({ accountMap: JSON.stringify({ 'CAT-REPAIRS': '55' }) }),
      invoice({ lineItems: [], invoiceDate: null, dueDate: null, invoiceNumber: null }),
      'b'.repeat(32),
    );
    expect(result.ok).toBe(true);
    expect(fake.requests.map((r) => r.path.split('/').pop())).toEqual(['preferences', 'query', 'bill']);
    expect(fake.requests[2].body).toEqual({
      VendorRef: { value: fake.vendors.find((v) => v.DisplayName === "O'Brien Plumbing LLC")?.Id },
      Line: [
        {
          Amount: 1250.5,
          DetailType: 'AccountBasedExpenseLineDetail',
          AccountBasedExpenseLineDetail: { AccountRef: { value: '55' } },
        },
      ],
      PrivateNote: 'Invoice Pilot invoice 01INV',
    });
  });

  it('books on the vendor the admin mapped ours to, without looking it up by name', async () => {
    await pushBill(config(), invoice({ vendorName: 'Harbor Supply Co' }), 'm'.repeat(32));
    const chosen = fake.vendors.find((v) => v.DisplayName === 'Harbor Supply Co');
    fake.requests.length = 0;
    const result = await pushBill(
      config({ vendorMap: JSON.stringify({ V1: chosen?.Id }) }),
      invoice({ vendorId: 'V1', vendorName: 'HARBOR SUPPLY', invoiceNumber: 'HS-1' }),
      'n'.repeat(32),
    );
    expect(result.ok).toBe(true);
    expect(fake.requests.map((r) => r.path.split('/').pop())).toEqual(['preferences', 'bill']);
    expect(fake.requests[1].body).toMatchObject({ VendorRef: { value: chosen?.Id } });
    expect(fake.vendors.filter((v) => v.DisplayName === 'HARBOR SUPPLY')).toHaveLength(0);
  });

  it('posts one bill line per allocation of a split invoice, on each share’s category account', async () => {
    const split = invoice({
      allocations: [
        { propertyId: 'P1', propertyName: 'Maple Court', categoryId: 'CAT-EQUIP', amount: 750.25 },
        { propertyId: 'P2', propertyName: 'Oak Terrace', categoryId: null, amount: 500.25 },
      ],
    });
    const result = await pushBill(
      config({ accountMap: JSON.stringify({ 'CAT-EQUIP': '41', 'CAT-REPAIRS': '55' }) }),
      split,
      'd'.repeat(32),
    );
    expect(result.ok).toBe(true);
    const bill = fake.requests[fake.requests.length - 1];
    expect(bill.path.split('/').pop()).toBe('bill');
    expect((bill.body as { Line: unknown[] }).Line).toEqual([
      {
        Amount: 750.25,
        Description: 'Maple Court',
        DetailType: 'AccountBasedExpenseLineDetail',
        AccountBasedExpenseLineDetail: { AccountRef: { value: '41' } },
      },
      {
        Amount: 500.25,
        Description: 'Oak Terrace',
        DetailType: 'AccountBasedExpenseLineDetail',
        AccountBasedExpenseLineDetail: { AccountRef: { value: '55' } },
      },
    ]);
  });

  it('splits a line item into one bill line per its allocations, named by line and property', async () => {
    const result = await pushBill(
      config(),
      invoice({
        lineItems: [
          {
            description: 'Mowing',
            quantity: 1,
            unitPrice: 1000,
            totalPrice: 1000,
            allocations: [
              { propertyId: 'P1', propertyName: 'Maple Court', categoryId: null, amount: 600 },
              { propertyId: 'P2', propertyName: 'Oak Terrace', categoryId: 'CAT-EQUIP', amount: 400 },
            ],
          },
          { description: 'Labor', quantity: null, unitPrice: null, totalPrice: 250.5 },
        ],
      }),
      'e'.repeat(32),
    );
    expect(result.ok).toBe(true);
    const { body } = fake.requests[fake.requests.length - 1];
    const lines = (body as { Line: { Amount: number; Description: string }[] }).Line;
    expect(lines.map((l) => [l.Amount, l.Description])).toEqual([
      [600, 'Mowing — Maple Court'],
      [400, 'Mowing — Oak Terrace'],
      [250.5, 'Labor'],
    ]);
  });

  it('a retry after a lost answer gets the first bill back (requestid replay): one bill', async () => {
    const before = fake.bills.length;
    fake.loseNextAnswer('/bill');
    const lost = await pushBill(config(), invoice({ id: 'LOST' }), 'c'.repeat(32));
    expect(lost).toMatchObject({ ok: false, permanent: false });
    const retried = await pushBill(config(), invoice({ id: 'LOST' }), 'c'.repeat(32));
    expect(fake.bills).toHaveLength(before + 1);
    expect(retried).toEqual({ ok: true, billId: fake.bills.at(-1)?.Id });
  });

  it('attaches the invoice file to the bill (multipart /upload) and tracks the property as Class and Location', async () => {
    const pdf = Buffer.from('%PDF-1.4 the invoice\n%%EOF\n');
    const document = { filename: 'hm-2291.pdf', contentType: 'application/pdf', read: async () => pdf };
    const result = await pushBill(
      config({
        classMap: JSON.stringify({ 'PROP-1': 'CLASS-9' }),
        locationMap: JSON.stringify({ 'PROP-1': 'DEPT-3' }),
      }),
      { ...invoice({ id: 'ATTACH' }), propertyId: 'PROP-1' },
      'f'.repeat(32),
      document,
    );
    expect(result).toEqual({ ok: true, billId: fake.bills.at(-1)?.Id });
    const bill = fake.requests.find((r) => r.path.endsWith('/bill'));
    expect(bill?.body).toMatchObject({
      DepartmentRef: { value: 'DEPT-3' },
      Line: [
        { AccountBasedExpenseLineDetail: { ClassRef: { value: 'CLASS-9' }, AccountRef: { value: '41' } } },
        { AccountBasedExpenseLineDetail: { ClassRef: { value: 'CLASS-9' }, AccountRef: { value: '7' } } },
      ],
    });
    const upload = fake.requests.at(-1);
    expect(upload).toMatchObject({
      method: 'POST',
      path: '/v3/company/9130357/upload',
      query: { minorversion: '75', requestid: `a${'f'.repeat(32)}` },
      headers: { authorization: `Bearer ${fake.accessToken}`, accept: 'application/json' },
    });
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    // The parts, as sent: the Attachable's metadata first, then the file itself.
    const raw = upload?.raw.toString('latin1') ?? '';
    expect(raw).toContain('name="file_metadata_01"; filename="attachment.json"');
    expect(raw).toContain(
      JSON.stringify({
        AttachableRef: [{ EntityRef: { type: 'Bill', value: result.ok && result.billId } }],
        FileName: 'hm-2291.pdf',
        ContentType: 'application/pdf',
      }),
    );
    expect(raw.indexOf('file_metadata_01')).toBeLessThan(
      raw.indexOf('name="file_content_01"; filename="hm-2291.pdf"'),
    );
    expect(fake.attachments.at(-1)).toMatchObject({
      billId: result.ok && result.billId,
      FileName: 'hm-2291.pdf',
      ContentType: 'application/pdf',
      bytes: pdf,
    });
  });

  it('a lost answer to the upload: the retry finds the same bill and attaches the file once', async () => {
    const document = {
      filename: 'x.png',
      contentType: 'image/png',
      read: async () => Buffer.from('PNGDATA'),
    };
    const bills = fake.bills.length;
    const attachments = fake.attachments.length;
    fake.loseNextAnswer('/upload');
    const lost = await pushBill(config(), invoice({ id: 'LOSTUP' }), '1'.repeat(32), document);
    expect(lost).toMatchObject({ ok: false, permanent: false });
    const retried = await pushBill(config(), invoice({ id: 'LOSTUP' }), '1'.repeat(32), document);
    expect(retried).toEqual({ ok: true, billId: fake.bills.at(-1)?.Id });
    expect(fake.bills).toHaveLength(bills + 1);
    expect(fake.attachments).toHaveLength(attachments + 1);
  });

  it('the fake refuses an upload without the metadata part, or for a bill that does not exist', async () => {
    const url = `${fake.url}/v3/company/9130357/upload?minorversion=75`;
    const send = async (form: FormData) => {
      const encoded = new Response(form);
      return callOutbound({
        url,
        method: 'POST',
        headers: {
          authorization: `Bearer ${fake.accessToken}`,
          accept: 'application/json',
          'content-type': encoded.headers.get('content-type') ?? '',
        },
        body: new Uint8Array(await encoded.arrayBuffer()),
        timeoutMs: 5000,
      });
    };
    const fileOnly = new FormData();
    fileOnly.append('file_content_01', new Blob(['%PDF'], { type: 'application/pdf' }), 'a.pdf');
    const noMetadata = await send(fileOnly);
    expect(noMetadata.status).toBe(400);
    expect(JSON.parse(noMetadata.body).Fault.Error[0].Detail).toBe(
      'Parts must be file_metadata_01 then file_content_01',
    );
    const unknownBill = new FormData();
    const meta = {
      AttachableRef: [{ EntityRef: { type: 'Bill', value: '999999' } }],
      FileName: 'a.pdf',
      ContentType: 'application/pdf',
    };
    unknownBill.append(
      'file_metadata_01',
      new Blob([JSON.stringify(meta)], { type: 'application/json' }),
      'attachment.json',
    );
    unknownBill.append('file_content_01', new Blob(['%PDF'], { type: 'application/pdf' }), 'a.pdf');
    const refused = await send(unknownBill);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).Fault.Error[0].Message).toBe('Invalid Reference Id');
  });

  it('a missing account mapping fails with a clear reason before any call', async () => {
    const result = await pushBill(config({ defaultAccountId: undefined }), invoice(), 'd'.repeat(32));
    expect(result).toEqual({
      ok: false,
      permanent: true,
      error: 'No QuickBooks expense account for category CAT-REPAIRS: map it or set a default account',
    });
    expect(fake.requests).toEqual([]);
  });

  it('an expired or revoked token ends with Reconnect QuickBooks, not retried', async () => {
    const result = await pushBill(config({ apiKey: 'revoked-token' }), invoice(), 'e'.repeat(32));
    expect(result).toEqual({ ok: false, permanent: true, error: RECONNECT_QUICKBOOKS });
    expect(fake.requests).toHaveLength(1);
  });

  it('the fake rejects a bill that breaks the documented shape, and a missing Accept', async () => {
    const base = `${fake.url}/v3/company/9130357/bill?minorversion=75`;
    const headers = { authorization: `Bearer ${fake.accessToken}`, 'content-type': 'application/json' };
    const noLines = await callOutbound({
      url: base,
      method: 'POST',
      headers: { ...headers, accept: 'application/json' },
      body: JSON.stringify({ VendorRef: { value: '1' }, Line: [] }),
      timeoutMs: 5000,
    });
    expect(noLines.status).toBe(400);
    expect(JSON.parse(noLines.body).Fault.type).toBe('ValidationFault');
    const noAccept = await callOutbound({ url: base, method: 'POST', headers, body: '{}', timeoutMs: 5000 });
    expect(noAccept.status).toBe(400);
  });

  it('books the tax as its own line on the tax account, and a bill that QuickBooks totals to the approved cent', async () => {
    const result = await pushBill(
      config({ taxAccountId: '88' }),
      invoice({
        id: 'TAX',
        subtotal: 3300,
        taxAmount: 181.5,
        totalAmount: 3481.5,
        lineItems: [
          { description: 'Roof repair', quantity: null, unitPrice: null, totalPrice: 3000 },
          { description: 'Gutters', quantity: null, unitPrice: null, totalPrice: 300 },
        ],
      }),
      '2'.repeat(32),
    );
    expect(result).toEqual({ ok: true, billId: fake.bills.at(-1)?.Id });
    expect(fake.bills.at(-1)?.TotalAmt).toBe(3481.5);
    expect(
      (fake.bills.at(-1)?.Line as { Amount: number; Description: string }[] | undefined)?.at(-1),
    ).toMatchObject({
      Amount: 181.5,
      Description: 'Tax',
      AccountBasedExpenseLineDetail: { AccountRef: { value: '88' } },
    });
  });

  it('the fake takes amounts such as 80.90, 19.99 and 1,192.91 (decimals checked on the text, not on floats)', async () => {
    for (const [i, total] of [80.9, 19.99, 1192.91].entries()) {
      const result = await pushBill(
        config(),
        invoice({ id: `DEC${i}`, totalAmount: total, lineItems: [] }),
        `dec${i}`.padEnd(32, '0'),
      );
      expect(result).toEqual({ ok: true, billId: fake.bills.at(-1)?.Id });
      expect(fake.bills.at(-1)?.TotalAmt).toBe(total);
    }
  });

  it('a credit note becomes a VendorCredit with positive lines and no due date', async () => {
    const result = await pushBill(
      config(),
      invoice({
        id: 'CREDIT',
        totalAmount: -5.77,
        lineItems: [{ description: 'Returned part', quantity: 1, unitPrice: -5.77, totalPrice: -5.77 }],
      }),
      '3'.repeat(32),
    );
    expect(result).toEqual({ ok: true, billId: fake.vendorCredits.at(-1)?.Id });
    const posted = fake.requests.find((r) => r.path.endsWith('/vendorcredit'));
    expect(posted?.query).toMatchObject({ requestid: '3'.repeat(32) });
    expect(posted?.body).not.toHaveProperty('DueDate');
    expect(fake.vendorCredits.at(-1)).toMatchObject({
      TotalAmt: 5.77,
      Line: [{ Amount: 5.77, Description: 'Returned part' }],
    });
  });

  it('a euro invoice: refused with the reason when the company has one currency, booked in EUR with multicurrency', async () => {
    const euros = invoice({ id: 'EUR', currency: 'EUR', totalAmount: 56.02, lineItems: [] });
    const refused = await pushBill(config(), euros, '4'.repeat(32));
    expect(refused).toEqual({
      ok: false,
      permanent: true,
      error:
        "The invoice is in EUR but the QuickBooks company keeps its books in USD only: turn on multicurrency in QuickBooks, or correct the invoice's currency",
    });
    fake.currency.multiCurrency = true;
    try {
      const booked = await pushBill(config(), euros, '5'.repeat(32));
      expect(booked).toEqual({ ok: true, billId: fake.bills.at(-1)?.Id });
      expect(fake.bills.at(-1)).toMatchObject({ CurrencyRef: { value: 'EUR' }, TotalAmt: 56.02 });
      // The dollar vendor of that name keeps its currency; the euro bill goes to its EUR sibling.
      const vendor = fake.vendors.find(
        (v) => v.Id === (fake.bills.at(-1)?.VendorRef as { value: string } | undefined)?.value,
      );
      expect(vendor).toMatchObject({
        DisplayName: "O'Brien Plumbing LLC (EUR)",
        CurrencyRef: { value: 'EUR' },
      });
    } finally {
      fake.currency.multiCurrency = false;
    }
  });

  it('takes back a booked bill (read for its SyncToken, then operation=delete); again is harmless; a paid one is reported', async () => {
    const booked = await pushBill(config(), invoice({ id: 'REOPEN' }), 'r'.repeat(32));
    if (!booked.ok) throw new Error(booked.error);
    fake.requests.length = 0;
    expect(await reverseBill(config(), { id: booked.billId, kind: 'bill' })).toEqual(booked);
    expect(fake.requests.map((r) => `${r.method} ${r.path} ${r.query.operation ?? ''}`.trim())).toEqual([
      `GET /v3/company/9130357/bill/${booked.billId}`,
      'POST /v3/company/9130357/bill delete',
    ]);
    expect(fake.requests[1].body).toEqual({ Id: booked.billId, SyncToken: '0' });
    expect(fake.bills.some((b) => b.Id === booked.billId)).toBe(false);
    expect(fake.deleted.some((b) => b.Id === booked.billId)).toBe(true);
    expect(await reverseBill(config(), { id: booked.billId, kind: 'bill' })).toEqual(booked);

    const paid = await pushBill(config(), invoice({ id: 'PAID' }), 's'.repeat(32));
    if (!paid.ok) throw new Error(paid.error);
    fake.markPaid(paid.billId);
    expect(await reverseBill(config(), { id: paid.billId, kind: 'bill' })).toEqual({
      ok: false,
      permanent: true,
      error: `Bill ${paid.billId} could not be taken back: QuickBooks: A business validation error has occurred (The bill has payments applied)`,
    });
  });
});

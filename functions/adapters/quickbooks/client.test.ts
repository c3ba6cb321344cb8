import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeQuickBooks, startFakeQuickBooks } from '../../../infra/local/fakes/quickbooks';
import { resetEnv } from '../../env';
import { callOutbound } from '../http';
import type { BillSource } from './bill';
import { pushBill, type QuickBooksConfig, RECONNECT_QUICKBOOKS } from './client';

let fake: FakeQuickBooks;
const saved = { ...process.env };

beforeAll(async () => {
  Object.assign(process.env, {
    TABLE_NAME: 't',
    BUCKET_NAME: 'b',
    USER_POOL_ID: 'p',
    USER_POOL_CLIENT_ID: 'c',
    STAGE: 'local',
    OUTBOUND_ALLOW_LOOPBACK: 'true',
  });
  resetEnv();
  fake = await startFakeQuickBooks();
});
afterAll(async () => {
  await fake.stop();
  process.env = saved;
  resetEnv();
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
    const [query, vendor, bill] = fake.requests;
    const headers = { authorization: `Bearer ${fake.accessToken}`, accept: 'application/json' };
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
    expect(fake.requests).toHaveLength(3);
  });

  it('reuses a vendor found by DisplayName; with no line items bills the total on the category account', async () => {
    const result = await pushBill(
      config({ accountMap: JSON.stringify({ 'CAT-REPAIRS': '55' }) }),
      invoice({ lineItems: [], invoiceDate: null, dueDate: null, invoiceNumber: null }),
      'b'.repeat(32),
    );
    expect(result.ok).toBe(true);
    expect(fake.requests.map((r) => r.path.split('/').pop())).toEqual(['query', 'bill']);
    expect(fake.requests[1].body).toEqual({
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

  it('posts one bill line per allocation of a split invoice, on each share’s category account', async () => {
    const split = invoice({
      allocations: [
        { propertyName: 'Maple Court', categoryId: 'CAT-EQUIP', amount: 750.25 },
        { propertyName: 'Oak Terrace', categoryId: null, amount: 500.25 },
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
              { propertyName: 'Maple Court', categoryId: null, amount: 600 },
              { propertyName: 'Oak Terrace', categoryId: 'CAT-EQUIP', amount: 400 },
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
});

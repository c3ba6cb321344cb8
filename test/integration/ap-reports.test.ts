import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { backfillEveryOrganization } from '../../functions/adapters/dynamodb/aggregate-backfill';
import { aggregateUpdates } from '../../functions/adapters/dynamodb/aggregates';
import { db, tableName } from '../../functions/adapters/dynamodb/client';
import { findInvoice } from '../../functions/adapters/dynamodb/invoices';
import { keys } from '../../functions/adapters/dynamodb/keys';
import { contributionDelta } from '../../functions/core/invoices/aggregates';
import { type BackfillResult, backfillAggregates } from '../../functions/core/invoices/backfill-aggregates';
import { factsOf, type InvoiceItem } from '../../functions/core/invoices/invoice';
import { errorBodySchema } from '../../shared/errors';
import {
  agingReportSchema,
  cashRequirementsReportSchema,
  categorySchema,
  type Invoice,
  invoiceEventSchema,
  invoiceSchema,
  pageOf,
  propertySchema,
  recurringBillsReportSchema,
  spendPerDoorReportSchema,
  userSchema,
  vendorSchema,
} from '../../shared/schemas';
import { type Api, startTestStack, type TestStack } from '../helpers/local-stack';
import { createReadyInvoice } from '../helpers/ready-invoice';
import { body } from '../helpers/responses';
import {
  addDays,
  addMonths,
  type Property,
  recurringExpected,
  spendExpected,
  windowsExpected,
} from './ap-reports.fixture';

/**
 * The AP desk's reports against the real local parts: a few dozen invoices over vendors, properties with
 * and without units, categories, two currencies, due dates from months ago to next month, a split, a
 * credit note, paid and unpaid, approved and not; every report is checked, to the cent, against a
 * brute-force pass over every page of `GET /api/invoices`. Also the paid mark's round trip, its version
 * check, another tenant, and the backfill of invoices last written under an older aggregate scheme.
 */
let stack: TestStack;
let api: Api;
let outsider: Api;
let orgId: string;
let userId: string;
let properties: (Property & { name: string })[];
const today = new Date().toISOString().slice(0, 10);
const month = today.slice(0, 7);

async function allInvoices(as: Api = api): Promise<Invoice[]> {
  const out: Invoice[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: Invoice[]; nextCursor: string | null } = await body(
      await as(`/api/invoices?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
      200,
      pageOf(invoiceSchema),
    );
    out.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

const get = async <S extends z.ZodType>(path: string, schema: S, as: Api = api) =>
  body(await as(path), 200, schema);

const invoiceNow = (id: string) => get(`/api/invoices/${id}`, invoiceSchema);
const markPaid = async (id: string, json: Record<string, unknown> = {}) => {
  const { version } = await invoiceNow(id);
  return api(`/api/invoices/${id}/payment`, { method: 'POST', json: { version, ...json } });
};

/** Every report checked against the invoices as the API lists them. */
async function expectReportsMatchInvoices(asOf: string) {
  const invoices = await allInvoices();
  const aging = await get(`/api/reports/aging?asOf=${asOf}`, agingReportSchema);
  const cash = await get(`/api/reports/cash-requirements?asOf=${asOf}`, cashRequirementsReportSchema);
  const expected = windowsExpected(invoices, asOf);
  expect(aging.currencies.map((c) => c.currency).sort()).toEqual([...expected.keys()].sort());
  for (const block of aging.currencies) {
    const want = expected.get(block.currency);
    expect(block.totals, block.currency).toEqual(want?.aging.get('total'));
    expect(block.byVendor.length).toBe(
      [...(want?.aging.keys() ?? [])].filter((k) => k.startsWith('v:')).length,
    );
    for (const row of block.byVendor) expect(row).toMatchObject(want?.aging.get(`v:${row.vendorId}`) ?? {});
    expect(block.byProperty.length).toBe(
      [...(want?.aging.keys() ?? [])].filter((k) => k.startsWith('p:')).length,
    );
    for (const row of block.byProperty)
      expect(row).toMatchObject(want?.aging.get(`p:${row.propertyId}`) ?? {});
  }
  for (const block of cash.currencies) {
    const want = expected.get(block.currency);
    expect(block.totals, block.currency).toEqual(want?.cash.get('total'));
    for (const row of block.byProperty)
      expect(row).toMatchObject(want?.cash.get(`p:${row.propertyId}`) ?? {});
  }

  const from = addMonths(month, -5);
  const spend = await get(`/api/reports/spend-per-door?from=${from}&to=${month}`, spendPerDoorReportSchema);
  const spendWant = spendExpected(invoices, properties, from, month);
  expect(spend.currencies.map((c) => c.currency).sort()).toEqual([...spendWant.keys()].sort());
  for (const block of spend.currencies) {
    const rows = spendWant.get(block.currency) ?? [];
    expect(block.rows.length).toBe(rows.length);
    for (const row of block.rows) {
      const want = rows.find((r) => r.propertyId === row.propertyId);
      expect(row).toMatchObject({ total: want?.total, units: want?.units, perDoor: want?.perDoor });
      expect(
        row.byCategory
          .map(({ categoryId, amount, perDoor }) => ({ categoryId, amount, perDoor }))
          .sort((a, b) => String(a.categoryId).localeCompare(String(b.categoryId))),
      ).toEqual(want?.byCategory);
    }
  }

  const recurring = await get(`/api/reports/recurring?month=${month}`, recurringBillsReportSchema);
  const recurringWant = recurringExpected(invoices, month);
  const strip = <T extends { vendorName: string }>(rows: T[]) =>
    rows
      .map(({ vendorName: _n, ...row }) => row)
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  expect(strip(recurring.missing)).toEqual(strip(recurringWant.missing));
  expect(strip(recurring.unusuallyHigh)).toEqual(strip(recurringWant.unusuallyHigh));
  return { aging, cash, spend, recurring, invoices };
}

let vendorIds: string[];
let categoryIds: string[];
const seeded: { id: string; pay?: string }[] = [];

beforeAll(async () => {
  stack = await startTestStack({ workflow: false, queueWorkers: false, seedDemo: false });
  ({ api } = await stack.newUser({ firstName: 'Ada', lastName: 'Payables' }));
  ({ api: outsider } = await stack.newUser({ firstName: 'Otto', lastName: 'Outside' }));
  const me = await get('/api/auth/user', userSchema);
  orgId = me.organization.id;
  userId = me.id;
  for (const [name, units] of [
    ['Maple Court', 12],
    ['Oak Terrace', 8],
    ['Pine Lot', null],
  ] as const) {
    const json = { name, address: `${name} Way 1`, propertyType: 'APARTMENT', ...(units ? { units } : {}) };
    await body(await api('/api/properties', { method: 'POST', json }), 201, propertySchema);
  }
  properties = (await get('/api/properties?limit=100', pageOf(propertySchema))).items;
  vendorIds = [];
  for (const name of ['Acme Plumbing', 'City Water', 'Power Co', 'Gas Co', 'Roof Pros'])
    vendorIds.push(
      (await body(await api('/api/vendors', { method: 'POST', json: { name } }), 201, vendorSchema)).id,
    );
  categoryIds = (await get('/api/categories', pageOf(categorySchema))).items.slice(0, 3).map((c) => c.id);

  const [maple, oak, pine] = ['Maple Court', 'Oak Terrace', 'Pine Lot'].map(
    (n) => properties.find((p) => p.name === n)?.id as string,
  );
  const [acme, water, power, gas, roof] = vendorIds;
  const seed = async (fields: Partial<InvoiceItem>, pay?: string) => {
    const id = await createReadyInvoice(orgId, userId, { status: 'APPROVED', currency: 'USD', ...fields });
    seeded.push({ id, pay });
  };
  // Payables over due dates from months ago to next month, two currencies, vendors and properties.
  const dueOffsets = [
    -200, -95, -91, -90, -75, -61, -60, -45, -31, -30, -10, -1, 0, 3, 6, 7, 13, 14, 29, 30, 45,
  ];
  for (const [n, offset] of dueOffsets.entries()) {
    await seed(
      {
        vendorId: [acme, roof, null][n % 3],
        vendorName: ['Acme Plumbing', 'Roof Pros', 'Unknown Handyman'][n % 3],
        propertyId: [maple, oak, pine, null][n % 4],
        categoryId: categoryIds[n % 3],
        currency: n % 5 === 0 ? 'EUR' : 'USD',
        totalAmount: Math.round((n * 7919) % 100_000) / 100 + 10.01,
        dueDate: addDays(today, offset),
        invoiceDate: addDays(today, offset - 30),
        status: n % 6 === 5 ? 'PROCESSED' : 'APPROVED',
      },
      n % 4 === 1 && n % 6 !== 5 ? addDays(today, -1) : undefined,
    );
  }
  // Without a due date (due on its invoice date), without a currency (the default), a credit note, a split.
  await seed({
    vendorId: acme,
    vendorName: 'Acme Plumbing',
    invoiceDate: addDays(today, -40),
    totalAmount: 250.5,
  });
  await seed({
    vendorId: roof,
    vendorName: 'Roof Pros',
    currency: null,
    dueDate: addDays(today, -5),
    totalAmount: 99.99,
  });
  await seed({
    vendorId: acme,
    vendorName: 'Acme Plumbing',
    dueDate: addDays(today, 2),
    totalAmount: -120.35,
    propertyId: maple,
  });
  await seed({
    vendorId: roof,
    vendorName: 'Roof Pros',
    dueDate: addDays(today, -20),
    invoiceDate: addDays(today, -20),
    totalAmount: 1000,
    propertyId: maple,
    categoryId: categoryIds[0],
    allocations: [
      {
        propertyId: maple,
        propertyName: 'Maple Court',
        categoryId: categoryIds[1],
        categoryName: null,
        amount: 333.33,
      },
      { propertyId: oak, propertyName: 'Oak Terrace', categoryId: null, categoryName: null, amount: 666.67 },
    ],
  });
  await seed({
    vendorId: acme,
    vendorName: 'Acme Plumbing',
    status: 'REJECTED',
    dueDate: addDays(today, -3),
    totalAmount: 5000,
  });
  await seed({
    vendorId: acme,
    vendorName: 'Acme Plumbing',
    status: 'REVIEW_REQUIRED',
    dueDate: today,
    totalAmount: 777,
  });
  // Recurring bills: water usually billed, not this month; power far above its usual; gas per account.
  const billed = (vendorId: string, name: string, k: number, totalAmount: number, accountNumber?: string) =>
    seed(
      {
        vendorId,
        vendorName: name,
        status: k === 0 ? 'PROCESSED' : 'APPROVED',
        invoiceDate: `${addMonths(month, -k)}-05`,
        dueDate: `${addMonths(month, -k)}-20`,
        totalAmount,
        propertyId: oak,
        categoryId: categoryIds[2],
        accountNumber: accountNumber ?? null,
      },
      k > 1 ? `${addMonths(month, -k)}-21` : undefined,
    );
  for (const [k, amount] of [
    [1, 80.1],
    [2, 85.2],
    [3, 90.3],
    [5, 75],
  ] as const)
    await billed(water, 'City Water', k, amount);
  for (const [k, amount] of [
    [0, 260],
    [1, 100],
    [2, 110],
    [3, 95],
    [4, 105],
  ] as const)
    await billed(power, 'Power Co', k, amount);
  for (const k of [0, 1, 2, 3]) await billed(gas, 'Gas Co', k, 40 + k, 'GAS-001');
  for (const k of [1, 2, 3]) await billed(gas, 'Gas Co', k, 70 + k, 'GAS 002');

  for (const { id, pay } of seeded) if (pay) expect((await markPaid(id, { paidOn: pay })).status).toBe(200);
}, 300_000);

afterAll(() => stack?.stop());

describe('the AP reports', () => {
  it('answer every report as a brute-force pass over the listed invoices does, to the cent', async () => {
    const { aging, recurring, invoices } = await expectReportsMatchInvoices(today);
    expect(invoices.length).toBe(seeded.length);
    // The seed covers what the reports must tell apart.
    expect(invoices.some((i) => i.paidOn) && invoices.some((i) => i.status === 'APPROVED' && !i.paidOn)).toBe(
      true,
    );
    expect(aging.currencies.map((c) => c.currency).sort()).toEqual(['EUR', 'USD']);
    expect(recurring.missing.length).toBeGreaterThan(0);
    expect(recurring.unusuallyHigh.length).toBeGreaterThan(0);
    // The default as-of date is today.
    expect(await get('/api/reports/aging', agingReportSchema)).toEqual(aging);
    // Other as-of dates read other windows of the same buckets.
    await expectReportsMatchInvoices(addDays(today, -45));
    await expectReportsMatchInvoices(addDays(today, 100));
  });

  it('writes the CSVs with the tables’ columns and money to 2 decimals', async () => {
    const aging = await get(`/api/reports/aging?asOf=${today}`, agingReportSchema);
    const response = await api(`/api/reports/aging.csv?asOf=${today}`);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Currency,Group,Name,Current,1-30 days,31-60 days,61-90 days,Over 90 days,Total,Invoices',
    );
    const usd = aging.currencies.find((c) => c.currency === 'USD');
    expect(lines).toContain(
      `USD,Total,All open payables,${[usd?.totals.current, usd?.totals.days1to30, usd?.totals.days31to60, usd?.totals.days61to90, usd?.totals.over90, usd?.totals.total].map((v) => v?.toFixed(2)).join(',')},${usd?.totals.invoiceCount}`,
    );
    const rows = aging.currencies.reduce((n, c) => n + 1 + c.byVendor.length + c.byProperty.length, 0);
    expect(lines.length).toBe(1 + rows);
    for (const path of ['cash-requirements', 'spend-per-door', 'recurring']) {
      const csv = await api(`/api/reports/${path}.csv`);
      expect(csv.status, path).toBe(200);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      const [header, ...lines] = (await csv.text()).trim().split('\r\n');
      expect(header.split(',').length, path).toBeGreaterThan(3);
      for (const line of lines)
        expect(line.split(',').length, line).toBeGreaterThanOrEqual(header.split(',').length);
    }
  });

  it('refuses bad query parameters with 400 and the schema’s message', async () => {
    const cases: [string, string][] = [
      ['/api/reports/aging?asOf=tomorrow', 'Expected a date as YYYY-MM-DD'],
      ['/api/reports/cash-requirements.csv?asOf=2026-5-1', 'Expected a date as YYYY-MM-DD'],
      [
        '/api/reports/spend-per-door?from=2026-05&to=2026-01',
        'The end month must be on or after the start month',
      ],
      ['/api/reports/recurring?month=May', 'Expected a month as YYYY-MM'],
    ];
    for (const [path, message] of cases) {
      const refused = await body(await api(path), 400, errorBodySchema);
      expect(JSON.stringify(refused), path).toContain(message);
    }
  });
});

describe('the paid mark', () => {
  it('marks an approved invoice paid and takes it back, in History, leaving and re-entering the payables', async () => {
    const id = await createReadyInvoice(orgId, userId, {
      status: 'APPROVED',
      vendorId: vendorIds[0],
      vendorName: 'Acme Plumbing',
      currency: 'USD',
      totalAmount: 432.1,
      dueDate: today,
    });
    const before = await get(`/api/reports/aging?asOf=${today}`, agingReportSchema);
    const usdTotal = (r: typeof before) => r.currencies.find((c) => c.currency === 'USD')?.totals;
    const paid = await body(await markPaid(id), 200, invoiceSchema);
    expect(paid.paidOn).toBe(today);
    const after = await get(`/api/reports/aging?asOf=${today}`, agingReportSchema);
    expect(Math.round(((usdTotal(before)?.current ?? 0) - (usdTotal(after)?.current ?? 0)) * 100)).toBe(
      43210,
    );
    expect(usdTotal(after)?.invoiceCount).toBe((usdTotal(before)?.invoiceCount ?? 0) - 1);

    const removed = await body(
      await api(`/api/invoices/${id}/payment?version=${paid.version}`, { method: 'DELETE' }),
      200,
      invoiceSchema,
    );
    expect(removed.paidOn).toBeNull();
    expect(await get(`/api/reports/aging?asOf=${today}`, agingReportSchema)).toEqual(before);
    const events = (await get(`/api/invoices/${id}/events`, pageOf(invoiceEventSchema))).items;
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['paid', 'payment_removed']));
    expect(events.find((e) => e.type === 'paid')?.changes).toContainEqual(
      expect.objectContaining({ field: 'paidOn', before: null, after: today }),
    );
    await expectReportsMatchInvoices(today);
  });

  it('refuses a stale version, an invoice not approved, a future day, and taking back no mark', async () => {
    const id = await createReadyInvoice(orgId, userId, {
      status: 'APPROVED',
      currency: 'USD',
      totalAmount: 10,
    });
    const { version } = await invoiceNow(id);
    const stale = await api(`/api/invoices/${id}/payment`, {
      method: 'POST',
      json: { version: version + 1 },
    });
    expect((await body(stale, 409, errorBodySchema)).code).toBe('stale_version');
    const notPaid = await api(`/api/invoices/${id}/payment?version=${version}`, { method: 'DELETE' });
    expect((await body(notPaid, 409, errorBodySchema)).code).toBe('not_paid');
    const future = await markPaid(id, { paidOn: addDays(today, 5) });
    expect((await body(future, 400, errorBodySchema)).message).toBe('The paid date cannot be in the future');
    const paid = await body(await markPaid(id), 200, invoiceSchema);
    const staleDelete = await api(`/api/invoices/${id}/payment?version=${paid.version - 1}`, {
      method: 'DELETE',
    });
    expect((await body(staleDelete, 409, errorBodySchema)).code).toBe('stale_version');

    const ready = await createReadyInvoice(orgId, userId, { currency: 'USD', totalAmount: 10 });
    const refused = await body(await markPaid(ready), 409, errorBodySchema);
    expect(refused).toMatchObject({
      code: 'not_approved',
      message: 'Only an approved invoice can be marked paid: approve it first',
    });
  });

  it('is lost when the invoice is reopened', async () => {
    const id = await createReadyInvoice(orgId, userId, {
      status: 'APPROVED',
      currency: 'USD',
      totalAmount: 55,
    });
    expect((await body(await markPaid(id), 200, invoiceSchema)).paidOn).toBe(today);
    const reopened = await api(`/api/invoices/${id}/reopen`, {
      method: 'POST',
      json: { reason: 'Wrong amount' },
    });
    expect((await body(reopened, 201, invoiceSchema)).paidOn).toBeNull();
    await expectReportsMatchInvoices(today);
  });

  it('cannot be set on another tenant’s invoice, whose reports show nothing of ours', async () => {
    const [{ id }] = seeded;
    const { version } = await invoiceNow(id);
    const foreign = await outsider(`/api/invoices/${id}/payment`, { method: 'POST', json: { version } });
    expect(foreign.status).toBe(404);
    const foreignDelete = await outsider(`/api/invoices/${id}/payment?version=${version}`, {
      method: 'DELETE',
    });
    expect(foreignDelete.status).toBe(404);
    expect((await invoiceNow(id)).version).toBe(version);
    expect((await get('/api/reports/aging', agingReportSchema, outsider)).currencies).toEqual([]);
    expect((await get('/api/reports/spend-per-door', spendPerDoorReportSchema, outsider)).currencies).toEqual(
      [],
    );
    expect((await get('/api/reports/recurring', recurringBillsReportSchema, outsider)).missing).toEqual([]);
  });
});

describe('the backfill', () => {
  it('brings invoices last written under scheme 4 into the reports, once', async () => {
    const ids = seeded.slice(0, 8).map((s) => s.id);
    // Put them back as scheme 4 wrote them: the item marked 4, without its contribution to the AP buckets.
    for (const id of ids) {
      const item = (await findInvoice(orgId, id)) as InvoiceItem;
      const old = { ...item, aggregates: 4 as const };
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: keys.invoice(orgId, id),
                UpdateExpression: 'SET aggregates = :four',
                ExpressionAttributeValues: { ':four': 4 },
              },
            },
            ...aggregateUpdates(orgId, contributionDelta(factsOf(item), factsOf(old))),
          ],
        }),
      );
    }
    const invoices = await allInvoices();
    const stale = await get(`/api/reports/aging?asOf=${today}`, agingReportSchema);
    const want = windowsExpected(invoices, today);
    expect(stale.currencies.map((c) => c.totals)).not.toEqual(
      stale.currencies.map((c) => want.get(c.currency)?.aging.get('total')),
    );

    const result = await backfillAggregates(orgId, { force: true });
    expect(result).toMatchObject({ scanned: invoices.length, written: ids.length, skipped: false });
    await expectReportsMatchInvoices(today);
    for (const id of ids)
      expect((await findInvoice(orgId, id))?.updatedAt).toBe(invoices.find((i) => i.id === id)?.updatedAt);
    // Again: nothing to write; and without force the organization is marked done.
    expect(await backfillAggregates(orgId, { force: true })).toMatchObject({ written: 0 });
    expect(await backfillAggregates(orgId)).toMatchObject({ skipped: true, scanned: 0 });
    await expectReportsMatchInvoices(today);

    // The script's walk over every organization: ours is done; once all are, the table is marked.
    const results: BackfillResult[] = [];
    await backfillEveryOrganization((result) => results.push(result));
    expect(results.find((r) => r.orgId === orgId)).toMatchObject({ skipped: true });
    expect(results.length).toBeGreaterThanOrEqual(2);
    const again: BackfillResult[] = [];
    await backfillEveryOrganization((result) => again.push(result));
    expect(again).toEqual([]);
  });
});

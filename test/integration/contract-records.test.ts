/**
 * The API's contract for the organization's records: vendors (validation, uniqueness, paging, versions, live
 * totals), properties, categories, the analytics drawn from the aggregates, and API keys (whose calls read
 * the vendors made above). contract-settings.test.ts holds the profile, organization and settings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/adapters/dynamodb/keys';
import {
  analyticsSchema,
  apiKeyCreatedSchema,
  apiKeySchema,
  categorySchema,
  invoiceSchema,
  pageOf,
  propertySchema,
  statsSchema,
  vendorSchema,
} from '../../shared/schemas';
import type { Api, TestStack } from '../helpers/local-stack';
import { createReadyInvoice } from '../helpers/ready-invoice';
import { body } from '../helpers/responses';
import { failure, startContractStack } from './contract.fixture';

let stack: TestStack;
let api: Api;
let orgId: string;
let userSub: string;

const post = (path: string, json: unknown) => api(path, { method: 'POST', json });
const put = (path: string, json: unknown) => api(path, { method: 'PUT', json });
const del = (path: string) => api(path, { method: 'DELETE' });

/**
 * A ready invoice (the workflow is off here, and money counts approved and ready ones), then edited to
 * carry a vendor, an amount and a category.
 */
async function invoiceWith(fields: { vendorName: string; totalAmount: number; categoryId?: string | null }) {
  const invoiceId = await createReadyInvoice(orgId, userSub);
  const created = await body(await api(`/api/invoices/${invoiceId}`), 200, invoiceSchema);
  return body(
    await put(`/api/invoices/${created.id}`, { version: created.version, ...fields }),
    200,
    invoiceSchema,
  );
}

beforeAll(async () => {
  ({ stack, api, orgId, userSub } = await startContractStack());
});
afterAll(async () => {
  await stack?.stop();
});

describe('vendors', () => {
  it('creates a vendor (201) with zero live totals', async () => {
    const vendor = await body(
      await post('/api/vendors', {
        name: 'Acme Plumbing',
        email: 'billing@acme.test',
        phone: '',
        taxId: null,
      }),
      201,
      vendorSchema,
    );
    expect(vendor).toMatchObject({
      name: 'Acme Plumbing',
      email: 'billing@acme.test',
      phone: null,
      status: 'ACTIVE',
      totalAmount: 0,
      totalInvoices: 0,
      averageAmount: 0,
      version: 1,
    });
  });

  it('answers 400 with the field messages for a missing name and a bad email', async () => {
    const { code, messages } = await failure(await post('/api/vendors', { name: '  ', email: 'nope' }), 400);
    expect(code).toBe('validation_failed');
    expect(messages).toContain('Vendor name is required');
    expect(messages).toContain('Invalid email address');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await api('/api/vendors', {
      method: 'POST',
      body: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect((await failure(response, 400)).code).toBe('invalid_json');
  });

  it('refuses a second vendor with the same name, however it is written (409)', async () => {
    await body(await post('/api/vendors', { name: 'Bright Electric' }), 201, vendorSchema);
    const { code } = await failure(await post('/api/vendors', { name: 'bright  ELECTRIC' }), 409);
    expect(code).toBe('vendor_exists');
  });

  it('lists with search and walks every page through the cursor', async () => {
    for (const name of ['Page Vendor 1', 'Page Vendor 2', 'Page Vendor 3', 'Page Vendor 4', 'Page Vendor 5'])
      await post('/api/vendors', { name });
    const all = await body(await api('/api/vendors'), 200, pageOf(vendorSchema));
    expect(all.total).toBe(all.items.length);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/api/vendors?search=page%20vendor&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await body(await api(query), 200, pageOf(vendorSchema));
      expect(page.total).toBe(5);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((v) => v.name));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual([
      'Page Vendor 1',
      'Page Vendor 2',
      'Page Vendor 3',
      'Page Vendor 4',
      'Page Vendor 5',
    ]);
  });

  it('answers 400 for a forged cursor and for a limit above 100', async () => {
    const forged = Buffer.from(JSON.stringify(keys.entity('someone-else', 'VENDOR', 'x'))).toString(
      'base64url',
    );
    expect((await failure(await api(`/api/vendors?cursor=${forged}`), 400)).code).toBe('invalid_cursor');
    await failure(await api('/api/vendors?limit=101'), 400);
  });

  it('gets, edits with the version, refuses a stale version (409), and deletes (204, then 404)', async () => {
    const created = await body(await post('/api/vendors', { name: 'Green Lawns' }), 201, vendorSchema);
    const got = await body(await api(`/api/vendors/${created.id}`), 200, vendorSchema);
    expect(got).toEqual(created);
    const edited = await body(
      await put(`/api/vendors/${created.id}`, {
        name: 'Green Lawns LLC',
        website: 'https://lawns.test',
        version: 1,
      }),
      200,
      vendorSchema,
    );
    expect(edited).toMatchObject({ name: 'Green Lawns LLC', website: 'https://lawns.test', version: 2 });
    const stale = await failure(await put(`/api/vendors/${created.id}`, { name: 'Other', version: 1 }), 409);
    expect(stale.code).toBe('stale_version');
    expect((await failure(await put(`/api/vendors/${created.id}`, { name: '' }), 400)).messages).toContain(
      'Vendor name is required',
    );
    expect((await del(`/api/vendors/${created.id}`)).status).toBe(204);
    await failure(await api(`/api/vendors/${created.id}`), 404);
    await failure(await del(`/api/vendors/${created.id}`), 404);
    // The name is free again once the vendor is gone.
    await body(await post('/api/vendors', { name: 'Green Lawns LLC' }), 201, vendorSchema);
  });

  it('answers 404 for an id that cannot exist', async () => {
    await failure(await api('/api/vendors/not-an-id'), 404);
    await failure(await put('/api/vendors/01ARZ3NDEKTSV4RRFFQ69G5FAV', { name: 'x' }), 404);
  });

  it('carries live totals from the invoices that name it', async () => {
    const vendor = await body(await post('/api/vendors', { name: 'Totals Roofing Co.' }), 201, vendorSchema);
    await invoiceWith({ vendorName: 'TOTALS roofing co', totalAmount: 100.25 });
    await invoiceWith({ vendorName: 'Totals Roofing Co.', totalAmount: 50 });
    const after = await body(await api(`/api/vendors/${vendor.id}`), 200, vendorSchema);
    expect(after).toMatchObject({ totalInvoices: 2, totalAmount: 150.25, averageAmount: 75.13 });
    const listed = (await body(await api('/api/vendors?search=totals'), 200, pageOf(vendorSchema))).items;
    expect(listed.map((v) => v.totalAmount)).toEqual([150.25]);
  });
});

describe('properties', () => {
  const valid = { name: 'Harbor View', address: '1 Harbor Way', propertyType: 'APARTMENT' };

  it('creates a property; 0 and empty numbers are stored as absent', async () => {
    const property = await body(
      await post('/api/properties', {
        ...valid,
        units: 0,
        rentAmount: '',
        marketValue: 250000.5,
        acquisitionDate: '2020-05-01',
      }),
      201,
      propertySchema,
    );
    expect(property).toMatchObject({
      units: null,
      rentAmount: null,
      marketValue: 250000.5,
      acquisitionDate: '2020-05-01',
    });
  });

  it('answers the spec’s required-field messages and number bounds', async () => {
    const { messages } = await failure(await post('/api/properties', { name: '', address: '' }), 400);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Property name is required',
        'Address is required',
        'Property type is required',
      ]),
    );
    const numbers = await failure(
      await post('/api/properties', { ...valid, units: 1.5, rentAmount: -1, marketValue: 10.005 }),
      400,
    );
    expect(numbers.messages).toEqual(
      expect.arrayContaining(['Must be a whole number', 'Must be 0 or more', 'At most 2 decimals']),
    );
  });

  it('lists, searches, edits and deletes', async () => {
    const created = await body(
      await post('/api/properties', { ...valid, name: 'Maple Court' }),
      201,
      propertySchema,
    );
    const found = await body(await api('/api/properties?search=maple'), 200, pageOf(propertySchema));
    expect(found.items.map((p) => p.id)).toEqual([created.id]);
    expect(found.total).toBe(1);
    const edited = await body(
      await put(`/api/properties/${created.id}`, {
        ...valid,
        name: 'Maple Court East',
        units: 12,
        version: 1,
      }),
      200,
      propertySchema,
    );
    expect(edited).toMatchObject({ name: 'Maple Court East', units: 12, version: 2 });
    await failure(await put(`/api/properties/${created.id}`, { ...valid, version: 1 }), 409);
    expect((await del(`/api/properties/${created.id}`)).status).toBe(204);
    await failure(await api(`/api/properties/${created.id}`), 404);
  });
});

describe('categories', () => {
  it('lists the organization’s default categories, the id being the code', async () => {
    const page = await body(await api('/api/categories'), 200, pageOf(categorySchema));
    expect(page.total).toBeGreaterThanOrEqual(20);
    expect(page.items.find((c) => c.id === 'plumbing')).toMatchObject({
      code: 'plumbing',
      name: 'Plumbing',
      isDefault: true,
    });
  });
});

describe('analytics', () => {
  it('shapes totals, top vendors, categories and 12 months from the aggregates', async () => {
    const before = await body(await api('/api/analytics/invoice-analytics'), 200, analyticsSchema);
    await invoiceWith({ vendorName: 'Analytics Pest Control', totalAmount: 300, categoryId: 'pest-control' });
    await invoiceWith({ vendorName: 'Analytics Pest Control', totalAmount: 100, categoryId: 'pest-control' });
    await invoiceWith({ vendorName: 'Analytics HVAC', totalAmount: 600, categoryId: 'hvac' });
    const after = await body(await api('/api/analytics/invoice-analytics'), 200, analyticsSchema);
    expect(after.totalInvoices - before.totalInvoices).toBe(3);
    expect(after.totalAmount - before.totalAmount).toBeCloseTo(1000, 2);
    expect(after.topVendors).toEqual(
      expect.arrayContaining([
        { name: 'Analytics HVAC', invoiceCount: 1, totalAmount: 600 },
        { name: 'Analytics Pest Control', invoiceCount: 2, totalAmount: 400 },
      ]),
    );
    expect(after.topVendors.length).toBeLessThanOrEqual(10);
    const pest = after.categoryBreakdown.find((c) => c.categoryName === 'Pest control');
    expect(pest).toMatchObject({ totalAmount: 400, invoiceCount: 2 });
    const share = after.categoryBreakdown.reduce((sum, c) => sum + c.percentage, 0);
    expect(share).toBeGreaterThan(99.5);
    expect(share).toBeLessThan(100.5);
    expect(after.monthlyTrends).toHaveLength(12);
    const current = after.monthlyTrends.at(-1);
    expect(current?.month).toBe(new Date().toISOString().slice(0, 7));
    expect(current?.invoiceCount).toBe(after.totalInvoices);
    expect(after.averageAmount).toBeGreaterThan(0);
  });

  it('matches the stats endpoint', async () => {
    const stats = await body(await api('/api/stats'), 200, statsSchema);
    const analytics = await body(await api('/api/analytics/invoice-analytics'), 200, analyticsSchema);
    expect(analytics.totalInvoices).toBe(stats.totalInvoices);
  });
});

describe('API keys', () => {
  it('shows the full key once, lists only its prefix, works as a bearer, and revokes at once', async () => {
    const created = await body(await post('/api/api-keys', { name: 'Sync robot' }), 201, apiKeyCreatedSchema);
    expect(created.key).toMatch(/^ipk_[A-Za-z0-9]{40}$/);
    expect(created.prefix).toBe(created.key.slice(0, 8));
    const list = await body(await api('/api/api-keys'), 200, pageOf(apiKeySchema));
    const listed = list.items.find((k) => k.id === created.id);
    expect(listed).toMatchObject({ key: created.key.slice(0, 8), isActive: true });
    expect(JSON.stringify(list)).not.toContain(created.key);

    const robot = stack.api(created.key);
    const vendors = await body(await robot('/api/vendors'), 200, pageOf(vendorSchema));
    expect(vendors.total).toBeGreaterThan(0);
    // A key cannot manage keys: a leaked key must not mint or revoke others.
    await failure(await robot('/api/api-keys', { method: 'POST', json: { name: 'more' } }), 403);

    expect((await del(`/api/api-keys/${created.id}`)).status).toBe(204);
    expect((await robot('/api/vendors')).status).toBe(401);
    await failure(await del(`/api/api-keys/${created.id}`), 404);
  });

  it('requires a name', async () => {
    expect((await failure(await post('/api/api-keys', { name: ' ' }), 400)).messages).toContain(
      'Name is required',
    );
  });
});

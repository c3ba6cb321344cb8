import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getInvoice } from '../../functions/adapters/dynamodb/invoices';
import { addNotification } from '../../functions/adapters/dynamodb/notifications';
import { saveInvoice } from '../../functions/core/invoices/commit';
import {
  analyticsSchema,
  apiKeyCreatedSchema,
  integrationSchema,
  invoiceSchema,
  notificationListSchema,
  organizationSchema,
  propertySchema,
  userSchema,
  vendorSchema,
  webhookSchema,
} from '../../shared/schemas';
import { type Api, fileForm, startTestStack, type TestStack } from '../helpers/local-stack';

let stack: TestStack;
let alice: Api;
let bob: Api;
/** Alice's resources, which Bob must never see or touch. */
const ids: Record<string, string> = {};
const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function created<T>(response: Response, parse: (v: unknown) => T): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(201);
  return parse(await response.json());
}

/** Everything Alice can read about her own data, to compare before and after Bob's attempts. */
async function aliceSnapshot() {
  const paths = [
    `/api/vendors/${ids.vendor}`,
    `/api/properties/${ids.property}`,
    `/api/integrations/${ids.integration}`,
    `/api/webhooks/${ids.webhook}`,
    `/api/invoices/${ids.invoice}`,
    `/api/invoices/${ids.invoice}/comments`,
    '/api/api-keys',
    '/api/notifications',
    '/api/user/profile',
  ];
  const out: Record<string, unknown> = {};
  for (const path of paths) {
    const response = await alice(path);
    expect(response.status, path).toBe(200);
    out[path] = await response.json();
  }
  const org = organizationSchema.parse(await (await alice('/api/organization/current')).json());
  out.org = { ...org, apiUsed: 0, updatedAt: org.updatedAt };
  return out;
}

beforeAll(async () => {
  stack = await startTestStack({ workflow: false, queueWorkers: false });
  alice = (await stack.newUser()).api;
  bob = (await stack.newUser()).api;
  const aliceOrg = userSchema.parse(await (await alice('/api/auth/user')).json()).organization.id;
  ids.vendor = (
    await created(
      await alice('/api/vendors', { method: 'POST', json: { name: 'Alice Vendor' } }),
      vendorSchema.parse,
    )
  ).id;
  ids.property = (
    await created(
      await alice('/api/properties', {
        method: 'POST',
        json: { name: 'Alice Tower', address: '1 Main', propertyType: 'OFFICE' },
      }),
      propertySchema.parse,
    )
  ).id;
  ids.integration = (
    await created(
      await alice('/api/integrations', {
        method: 'POST',
        json: { name: 'Books', type: 'QUICKBOOKS', config: { apiKey: 'alice-secret-key-123' } },
      }),
      integrationSchema.parse,
    )
  ).id;
  ids.webhook = (
    await created(
      await alice('/api/webhooks', { method: 'POST', json: { url: 'https://alice.test/hook' } }),
      webhookSchema.parse,
    )
  ).id;
  const key = await created(
    await alice('/api/api-keys', { method: 'POST', json: { name: 'Alice key' } }),
    apiKeyCreatedSchema.parse,
  );
  ids.apiKey = key.id;
  ids.apiKeyValue = key.key;
  const invoice = await created(
    await alice('/api/invoices/upload', { method: 'POST', body: fileForm(pdf, 'alice.pdf') }),
    invoiceSchema.parse,
  );
  ids.invoice = invoice.id;
  const edited = await alice(`/api/invoices/${invoice.id}`, {
    method: 'PUT',
    json: { version: invoice.version, vendorName: 'Alice Vendor', totalAmount: 999, categoryId: 'hvac' },
  });
  expect(edited.status).toBe(200);
  // Ready, as the workflow (off here) would leave it: only approved and ready invoices count as money.
  await saveInvoice(
    await getInvoice(aliceOrg, invoice.id),
    { status: 'PROCESSED', processingStage: 'DONE' },
    null,
  );
  ids.notification = (
    await addNotification(aliceOrg, { kind: 'processed', invoiceId: invoice.id, message: 'Alice only' })
  ).id;
});
afterAll(async () => {
  await stack?.stop();
});

describe('tenant isolation', () => {
  it('answers 404 to every route Bob calls with Alice’s ids, and changes nothing', async () => {
    const before = await aliceSnapshot();
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/vendors/${ids.vendor}`],
      ['PUT', `/api/vendors/${ids.vendor}`, { name: 'Bob was here' }],
      ['DELETE', `/api/vendors/${ids.vendor}`],
      ['GET', `/api/properties/${ids.property}`],
      ['PUT', `/api/properties/${ids.property}`, { name: 'Bob', address: 'x', propertyType: 'LAND' }],
      ['DELETE', `/api/properties/${ids.property}`],
      ['GET', `/api/integrations/${ids.integration}`],
      ['PUT', `/api/integrations/${ids.integration}`, { name: 'Bob', status: 'INACTIVE' }],
      ['POST', `/api/integrations/${ids.integration}/test`],
      ['DELETE', `/api/integrations/${ids.integration}`],
      ['GET', `/api/webhooks/${ids.webhook}`],
      ['DELETE', `/api/webhooks/${ids.webhook}`],
      ['DELETE', `/api/api-keys/${ids.apiKey}`],
      ['GET', `/api/invoices/${ids.invoice}`],
      ['PUT', `/api/invoices/${ids.invoice}`, { version: 2, totalAmount: 1 }],
      ['POST', `/api/invoices/${ids.invoice}/approve`],
      ['POST', `/api/invoices/${ids.invoice}/reject`, { reason: 'Bob' }],
      ['POST', `/api/invoices/${ids.invoice}/reprocess`],
      ['GET', `/api/invoices/${ids.invoice}/line-items`],
      ['GET', `/api/invoices/${ids.invoice}/comments`],
      ['POST', `/api/invoices/${ids.invoice}/comments`, { comment: 'Bob' }],
      ['GET', `/api/invoices/${ids.invoice}/events`],
      ['GET', `/api/invoices/${ids.invoice}/pdf`],
      ['GET', `/api/invoices/${ids.invoice}/file`],
      ['DELETE', `/api/invoices/${ids.invoice}`],
      ['POST', '/api/notifications/read', { ids: [ids.notification] }],
    ];
    for (const [method, path, json] of attempts) {
      const response = await bob(path, { method, ...(json !== undefined ? { json } : {}) });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect(await aliceSnapshot()).toEqual(before);
  });

  it('never lists Alice’s data to Bob', async () => {
    const lists = [
      '/api/vendors',
      '/api/vendors?search=alice',
      '/api/properties',
      '/api/properties?search=alice',
      '/api/integrations',
      '/api/webhooks',
      '/api/api-keys',
      '/api/notifications',
      '/api/invoices',
    ];
    for (const path of lists) {
      const page = await (await bob(path)).json();
      expect(page.items, path).toEqual([]);
      expect(page.total, path).toBe(0);
    }
  });

  it('keeps Bob’s aggregates free of Alice’s invoices, vendors and properties', async () => {
    const analytics = analyticsSchema.parse(await (await bob('/api/analytics/invoice-analytics')).json());
    expect(analytics).toMatchObject({
      totalInvoices: 0,
      totalAmount: 0,
      topVendors: [],
      categoryBreakdown: [],
    });
    const stats = await (await bob('/api/stats')).json();
    expect(stats).toMatchObject({ totalInvoices: 0, connectedIntegrations: 0 });
    const org = organizationSchema.parse(await (await bob('/api/organization/current')).json());
    expect(org.stats).toEqual({ totalUsers: 1, totalInvoices: 0, totalProperties: 0, totalVendors: 0 });
    // Alice's own view does hold them, so the figures above are not empty by accident.
    const mine = analyticsSchema.parse(await (await alice('/api/analytics/invoice-analytics')).json());
    expect(mine.topVendors).toEqual([{ name: 'Alice Vendor', invoiceCount: 1, totalAmount: 999 }]);
  });

  it('refuses a cursor made from Alice’s partition', async () => {
    const aliceCursor = Buffer.from(
      JSON.stringify({
        PK: `ORG#${userSchema.parse(await (await alice('/api/auth/user')).json()).organization.id}`,
        SK: 'VENDOR#Z',
      }),
    ).toString('base64url');
    expect((await bob(`/api/vendors?cursor=${aliceCursor}`)).status).toBe(400);
    expect((await bob(`/api/properties?cursor=${aliceCursor}`)).status).toBe(400);
  });

  it('scopes Alice’s API key to Alice’s organization', async () => {
    const robot = stack.api(ids.apiKeyValue);
    const vendors = await (await robot('/api/vendors')).json();
    expect(vendors.items.map((v: { id: string }) => v.id)).toEqual([ids.vendor]);
    const notifications = notificationListSchema.parse(await (await bob('/api/notifications')).json());
    expect(notifications.total).toBe(0);
  });
});

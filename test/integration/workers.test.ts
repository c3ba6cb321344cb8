import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegration, findIntegration } from '../../functions/adapters/dynamodb/integrations';
import { findInvoice } from '../../functions/adapters/dynamodb/invoices';
import { listNotifications } from '../../functions/adapters/dynamodb/notifications';
import { createWebhook } from '../../functions/adapters/dynamodb/webhooks';
import { exchangeCode, type TokenSet } from '../../functions/adapters/quickbooks/oauth';
import { openFields } from '../../functions/adapters/secrets';
import type { FakeQuickBooks } from '../../infra/local/fakes/quickbooks';
import { INTEGRATION_SECRET_FIELDS } from '../../shared/schemas';
import { type Api, fileForm, startTestStack, type TestStack } from '../helpers/local-stack';
import { trustNewVendors } from '../helpers/organization-settings';
import { until } from '../helpers/until';
import { invoicePdf, plumbingInvoice } from './pipeline-invoices';

/** A third party on loopback: records every request; `/fail` answers 500. */
interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}
let receiver: Server;
let base: string;
const received: Received[] = [];

let stack: TestStack;
let quickbooks: FakeQuickBooks;
let api: Api;
let orgId: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.statusCode = req.url?.startsWith('/fail') ? 500 : 200;
      res.end('{}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  stack = await startTestStack({ queueRetryBaseSeconds: 3 });
  quickbooks = stack.quickbooks;
  api = (await stack.newUser()).api;
  // About reading and deciding: a new vendor's first invoice may pass (the review of firsts is in vendor-history.test.ts).
  await trustNewVendors(api);
  const me = await (await api('/api/auth/user')).json();
  orgId = me.organization.id;
});
afterAll(async () => {
  await stack?.stop();
  await new Promise<void>((r) => receiver.close(() => r()));
});

async function processedInvoice(invoiceNumber: string, path = 'inv.pdf', as: Api = api) {
  const spec = plumbingInvoice({
    invoiceNumber,
    vendorName: `Harbor Mechanical ${invoiceNumber.length} LLC`,
  });
  const response = await as('/api/invoices/upload', {
    method: 'POST',
    body: fileForm(await invoicePdf(spec), path),
  });
  const { id } = await response.json();
  await stack.workflow?.idle();
  return id as string;
}

describe('webhook delivery', () => {
  it('POSTs {event, invoice} signed per Standard Webhooks to a subscribed webhook when an invoice is processed', async () => {
    expect(orgId).toBeTruthy();
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    await createWebhook(orgId, { url: `${base}/hooks/processed`, events: ['invoice.processed'], secret });
    const id = await processedInvoice('WH-1');
    const delivery = await until('the webhook call', async () =>
      received.find((r) => r.path === '/hooks/processed' && JSON.parse(r.body).invoice?.id === id),
    );
    const body = JSON.parse(delivery.body);
    expect(body.event).toBe('invoice.processed');
    expect(body.invoice).toMatchObject({ id, status: 'PROCESSED', invoiceNumber: 'WH-1' });
    const headers = Object.fromEntries(
      Object.entries(delivery.headers).map(([name, value]) => [name, String(value)]),
    );
    expect(() => new Webhook(secret).verify(delivery.body, headers)).not.toThrow();
  });
});

describe('integration sync', () => {
  it('pushes an approved invoice to Propertyware as one bill with its credentials and records SYNCED with its id', async () => {
    const pw = stack.propertyware;
    await createIntegration(orgId, {
      name: 'Property books',
      type: 'PROPERTYWARE',
      config: {
        apiUrl: pw.url,
        username: pw.credentials.clientId,
        password: pw.credentials.clientSecret,
        systemId: pw.credentials.systemId,
        defaultGlAccountId: '4000',
        defaultPortfolioId: '12',
      },
    });
    const id = await processedInvoice('SYNC-1');
    const approve = await api(`/api/invoices/${id}/approve`, { method: 'POST' });
    expect(approve.ok, await approve.clone().text()).toBe(true);
    expect((await approve.json()).status).toBe('APPROVED');
    const synced = await until('syncResults', async () => {
      const invoice = await findInvoice(orgId, id);
      return invoice?.syncResults?.length ? invoice.syncResults : undefined;
    });
    const bills = pw.bills.filter((b) => b.refNo === 'SYNC-1');
    expect(bills).toHaveLength(1);
    // The three line items, and the tax as its own split: the bill totals the approved invoice.
    expect(bills[0].billSplits).toHaveLength(4);
    expect(bills[0].billSplits.at(-1)?.comments).toBe('Tax');
    const approved = await findInvoice(orgId, id);
    expect(Math.round(bills[0].amount * 100)).toBe(Math.round((approved?.totalAmount ?? 0) * 100));
    expect(bills[0].billSplits.every((split) => split.glAccountID === 4000 && split.portfolioID === 12)).toBe(
      true,
    );
    const create = pw.requests.find((r) => r.method === 'POST' && r.path.endsWith('/bills'));
    expect(create?.headers).toMatchObject({
      'x-propertyware-client-id': pw.credentials.clientId,
      'x-propertyware-client-secret': pw.credentials.clientSecret,
      'x-propertyware-system-id': pw.credentials.systemId,
    });
    expect(synced).toEqual([
      expect.objectContaining({
        integrationName: 'Property books',
        status: 'SYNCED',
        remoteId: String(bills[0].id),
        attempts: 1,
        nextAttemptAt: null,
      }),
    ]);
  });

  it('retries a failing integration, then dead-letters the message and notifies sync_failed', async () => {
    await createIntegration(orgId, {
      name: 'Broken scenario',
      type: 'MAKE_COM',
      config: { apiUrl: `${base}/fail/make` },
    });
    const id = await processedInvoice('SYNC-FAIL-1');
    expect((await api(`/api/invoices/${id}/approve`, { method: 'POST' })).ok).toBe(true);
    const notification = await until(
      'the sync_failed notification',
      async () =>
        (await listNotifications(orgId)).items.find((n) => n.kind === 'sync_failed' && n.invoiceId === id),
      60_000,
    );
    expect(notification.message).toContain('Broken scenario');
    expect(
      received.filter((r) => r.path === '/fail/make' && JSON.parse(r.body).invoice?.id === id),
    ).toHaveLength(5);
    // Fan-out isolation: the Propertyware integration of the first test got its own message, once.
    const billCalls = stack.propertyware.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path.endsWith('/bills') &&
        (r.body as { refNo?: string }).refNo === 'SYNC-FAIL-1',
    );
    expect(billCalls).toHaveLength(1);
    expect((await findInvoice(orgId, id))?.syncResults.find((r) => r.type === 'PROPERTYWARE')).toMatchObject({
      status: 'SYNCED',
      attempts: 1,
    });
    const failed = (await findInvoice(orgId, id))?.syncResults.find(
      (r) => r.integrationName === 'Broken scenario',
    );
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 5 });
    const dlq = await until('the dead-lettered message', async () =>
      (await stack.queueStore.peek(`${stack.queues.sync}-dlq`)).find(
        (m) => JSON.parse(m.body).invoiceId === id,
      ),
    );
    expect(JSON.parse(dlq.body)).toMatchObject({
      orgId,
      invoiceId: id,
      integrationId: expect.any(String),
    });
  }, 120_000);

  it('posts an approved invoice to QuickBooks as one Bill and stores the Bill Id on the invoice', async () => {
    const other = (await stack.newUser()).api;
    const otherOrg = (await (await other('/api/auth/user')).json()).organization.id;
    const created = await createIntegration(otherOrg, {
      name: 'Books',
      type: 'QUICKBOOKS',
      config: {
        apiUrl: quickbooks.url,
        realmId: '4620816365',
        apiKey: quickbooks.accessToken,
        defaultAccountId: '7',
      },
    });
    const id = await processedInvoice('QBO-1', 'qbo.pdf', other);
    expect((await other(`/api/invoices/${id}/approve`, { method: 'POST' })).ok).toBe(true);
    const synced = await until('the QuickBooks outcome', async () => {
      const result = (await findInvoice(otherOrg, id))?.syncResults.find(
        (r) => r.integrationId === created.id,
      );
      return result?.status === 'SYNCED' ? result : undefined;
    });
    const bills = quickbooks.bills.filter((b) => b.PrivateNote === `Invoice Pilot invoice ${id}`);
    expect(bills).toHaveLength(1);
    expect(synced).toMatchObject({ type: 'QUICKBOOKS', remoteId: bills[0].Id, attempts: 1, lastError: null });
    expect(bills[0]).toMatchObject({ DocNumber: 'QBO-1', realmId: '4620816365' });
    const shown = await (await other(`/api/invoices/${id}`)).json();
    expect(shown.syncResults).toEqual([expect.objectContaining({ remoteId: bills[0].Id, status: 'SYNCED' })]);
  });

  it('refreshes an expired QuickBooks access token before the sync and stores the new tokens sealed', async () => {
    const other = (await stack.newUser()).api;
    const otherOrg = (await (await other('/api/auth/user')).json()).organization.id;
    const app = {
      clientId: quickbooks.client.id,
      clientSecret: quickbooks.client.secret,
      tokenUrl: `${quickbooks.url}/oauth2/v1/tokens/bearer`,
      authorizeUrl: `${quickbooks.url}/connect/oauth2`,
    };
    const connected = (await exchangeCode(app, quickbooks.authorize(), `${stack.url}/callback`)) as TokenSet;
    const created = await createIntegration(otherOrg, {
      name: 'Connected books',
      type: 'QUICKBOOKS',
      config: {
        apiUrl: quickbooks.url,
        realmId: '777',
        apiKey: 'pasted-but-stale',
        defaultAccountId: '7',
        accessToken: connected.accessToken,
        refreshToken: connected.refreshToken,
        accessTokenExpiresAt: '2000-01-01T00:00:00.000Z',
      },
    });
    const id = await processedInvoice('QBO-2', 'qbo2.pdf', other);
    expect((await other(`/api/invoices/${id}/approve`, { method: 'POST' })).ok).toBe(true);
    await until('the QuickBooks outcome', async () => {
      const result = (await findInvoice(otherOrg, id))?.syncResults.find(
        (r) => r.integrationId === created.id,
      );
      return result?.status === 'SYNCED' ? result : undefined;
    });
    const stored = (await findIntegration(otherOrg, created.id))?.config ?? {};
    expect(stored.refreshToken).toMatch(/^enc:/);
    const opened = await openFields(otherOrg, stored, INTEGRATION_SECRET_FIELDS);
    expect(opened.refreshToken).not.toBe(connected.refreshToken);
    expect(quickbooks.validRefreshTokens()).toContain(opened.refreshToken);
    const billCall = quickbooks.requests.find((r) => r.path === '/v3/company/777/bill');
    expect(billCall?.headers.authorization).toBe(`Bearer ${opened.accessToken}`);
  });
});

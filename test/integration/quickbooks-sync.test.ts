import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegration, findIntegration } from '../../functions/adapters/dynamodb/integrations';
import { findInvoice } from '../../functions/adapters/dynamodb/invoices';
import { mappingWaits } from '../../functions/adapters/dynamodb/mapping-waits';
import { listNotifications } from '../../functions/adapters/dynamodb/notifications';
import { RECONNECT_QUICKBOOKS } from '../../functions/adapters/quickbooks/client';
import { openFields } from '../../functions/adapters/secrets';
import {
  CONNECT_AGAIN,
  QUICKBOOKS_CALLBACK_PATH,
} from '../../functions/core/integrations/quickbooks-connect';
import type { FakeQuickBooks } from '../../infra/local/fakes/quickbooks';
import { WAITING_FOR_MAPPING } from '../../shared/integration-mapping';
import {
  INTEGRATION_SECRET_FIELDS,
  integrationOptionsSchema,
  integrationSchema,
  invoiceSchema,
} from '../../shared/schemas';
import { type Api, fileForm, startTestStack, type TestStack } from '../helpers/local-stack';
import { consentToQuickBooks } from '../helpers/quickbooks-consent';
import { body } from '../helpers/responses';
import { until } from '../helpers/until';
import { invoicePdf, plumbingInvoice } from './pipeline-invoices';

/**
 * QuickBooks Online and Propertyware end to end against their local fakes: an administrator connects a
 * company through the OAuth 2.0 authorization-code flow, approved invoices land as bills exactly once
 * (lost answers, retries, one failing system among several), and a failed sync can be retried.
 */

let stack: TestStack;
let quickbooks: FakeQuickBooks;
let admin: Api;
let orgId: string;

beforeAll(async () => {
  stack = await startTestStack({ queueRetryBaseSeconds: 2 });
  quickbooks = stack.quickbooks;
  admin = (await stack.newUser()).api;
  orgId = (await (await admin('/api/auth/user')).json()).organization.id;
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

async function approvedInvoice(as: Api, invoiceNumber: string) {
  const spec = plumbingInvoice({ invoiceNumber, vendorName: `Harbor Mechanical ${invoiceNumber} LLC` });
  const uploaded = await as('/api/invoices/upload', {
    method: 'POST',
    body: fileForm(await invoicePdf(spec), `${invoiceNumber}.pdf`),
  });
  const { id } = (await uploaded.json()) as { id: string };
  await stack.workflow?.idle();
  expect((await as(`/api/invoices/${id}/approve`, { method: 'POST' })).ok).toBe(true);
  return id;
}

describe('Connect to QuickBooks (OAuth 2.0 authorization code)', () => {
  let integrationId: string;

  it('sends the admin to the consent page with the documented request, and back to our callback page', async () => {
    const { redirect, callback } = await consentToQuickBooks(admin);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(`${stack.url}${QUICKBOOKS_CALLBACK_PATH}`);
    expect(callback.realmId).toBe(quickbooks.realmId);
    const authorize = quickbooks.requests.findLast((r) => r.path === '/connect/oauth2');
    expect(authorize?.query).toEqual({
      client_id: quickbooks.client.id,
      response_type: 'code',
      scope: 'com.intuit.quickbooks.accounting',
      redirect_uri: `${stack.url}${QUICKBOOKS_CALLBACK_PATH}`,
      state: callback.state,
    });

    const connected = await body(
      await admin('/api/integrations/quickbooks/callback', { method: 'POST', json: callback }),
      201,
      integrationSchema,
    );
    integrationId = connected.id;
    expect(connected).toMatchObject({ type: 'QUICKBOOKS', status: 'ACTIVE', name: 'QuickBooks Online' });
    expect(connected.config).toMatchObject({ realmId: quickbooks.realmId, refreshToken: '****' });
    expect(JSON.stringify(connected)).not.toContain('qbo-refresh-');
    // The code was exchanged with the redirect URI it was issued for, under the app's Basic credentials.
    const exchange = quickbooks.requests.findLast((r) => r.path === '/oauth2/v1/tokens/bearer');
    expect(new URLSearchParams(exchange?.body as string).get('redirect_uri')).toBe(
      `${stack.url}${QUICKBOOKS_CALLBACK_PATH}`,
    );
    const stored = (await findIntegration(orgId, connected.id))?.config ?? {};
    expect(stored.refreshToken).toMatch(/^enc:/);
    expect(stored.accessToken).toMatch(/^enc:/);
    const opened = await openFields(orgId, stored, INTEGRATION_SECRET_FIELDS);
    expect(quickbooks.validRefreshTokens()).toContain(opened.refreshToken);

    // A state works once.
    const again = await admin('/api/integrations/quickbooks/callback', { method: 'POST', json: callback });
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe(CONNECT_AGAIN);
  });

  it("refuses a state issued to someone else (another organization's admin), and reconnecting keeps one integration", async () => {
    const other = (await stack.newUser()).api;
    const { callback } = await consentToQuickBooks(admin);
    const stolen = await other('/api/integrations/quickbooks/callback', { method: 'POST', json: callback });
    expect(stolen.status).toBe(400);
    expect(((await (await other('/api/integrations')).json()) as { items: unknown[] }).items).toEqual([]);

    const reconnect = (await consentToQuickBooks(admin)).callback;
    const answer = await admin('/api/integrations/quickbooks/callback', { method: 'POST', json: reconnect });
    expect(answer.status).toBe(200);
    expect((await answer.json()).id).toBe(integrationId);
    const listed = (await (await admin('/api/integrations')).json()) as { items: { type: string }[] };
    expect(listed.items.filter((i) => i.type === 'QUICKBOOKS')).toHaveLength(1);
  });

  it('an approved invoice lands in the connected company as one Bill with its file attached, whose Id the invoice shows', async () => {
    const before = await body(await admin(`/api/integrations/${integrationId}`), 200, integrationSchema);
    const edited = await admin(`/api/integrations/${integrationId}`, {
      method: 'PUT',
      json: { config: { defaultAccountId: '7' }, version: before.version },
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    // Editing the settings keeps the connection: the OAuth tokens the connect flow stored are still there.
    const kept = (await findIntegration(orgId, integrationId))?.config ?? {};
    expect(kept.refreshToken).toMatch(/^enc:/);
    expect(kept.accessToken).toMatch(/^enc:/);
    const id = await approvedInvoice(admin, 'CONN-1');
    const synced = await until('the QuickBooks outcome', async () => {
      const result = (await findInvoice(orgId, id))?.syncResults.find(
        (r) => r.integrationId === integrationId,
      );
      return result?.status === 'SYNCED' ? result : undefined;
    });
    const bills = quickbooks.bills.filter((b) => b.PrivateNote === `Invoice Pilot invoice ${id}`);
    expect(bills).toHaveLength(1);
    expect(bills[0]).toMatchObject({ realmId: quickbooks.realmId, DocNumber: 'CONN-1' });
    expect(synced.remoteId).toBe(bills[0].Id);
    // The uploaded file itself is attached to that bill.
    const attached = quickbooks.attachments.filter((a) => a.billId === bills[0].Id);
    expect(attached).toHaveLength(1);
    expect(attached[0]).toMatchObject({ FileName: 'CONN-1.pdf', ContentType: 'application/pdf' });
    expect(attached[0].bytes.subarray(0, 5).toString()).toBe('%PDF-');
  }, 90_000);
});

describe('Mapping accounts on screen', () => {
  it("lists the connected company's accounts, classes and vendors through the Query API", async () => {
    const integration = (await (await admin('/api/integrations')).json()).items.find(
      (i: { type: string }) => i.type === 'QUICKBOOKS',
    );
    const options = await body(
      await admin(`/api/integrations/${integration.id}/options`),
      200,
      integrationOptionsSchema,
    );
    expect(options.accounts).toContainEqual({ id: '7', name: 'Repairs and Maintenance', detail: 'Expense' });
    expect(options.classes.map((c) => c.name)).toEqual(['Maple Court', 'Oak Terrace']);
    expect(options.portfolios).toEqual([]);
    const query = quickbooks.requests.findLast((r) => r.path.endsWith('/query'));
    expect(query?.query.query).toMatch(
      /^SELECT \* FROM (Account|Class|Vendor) WHERE Active = true MAXRESULTS 1000$/,
    );
  });

  it("lists a Propertyware system's GL accounts and portfolios; an e-mail integration has nothing to map", async () => {
    const org = await newOrganization();
    const pw = stack.propertyware;
    const property = await createIntegration(org.orgId, {
      name: 'Property books',
      type: 'PROPERTYWARE',
      config: {
        apiUrl: pw.url,
        username: pw.credentials.clientId,
        password: pw.credentials.clientSecret,
        systemId: pw.credentials.systemId,
      },
    });
    const options = await body(
      await org.api(`/api/integrations/${property.id}/options`),
      200,
      integrationOptionsSchema,
    );
    expect(options.accounts).toContainEqual({ id: '5000', name: '5000 Repairs', detail: 'Expense' });
    expect(options.portfolios.map((p) => p.id)).toEqual(['10', '21', '22']);
    const mail = await createIntegration(org.orgId, {
      name: 'Mail',
      type: 'EMAIL',
      config: { recipients: JSON.stringify(['ap@example.com']) },
    });
    expect((await org.api(`/api/integrations/${mail.id}/options`)).status).toBe(400);
  });
});

/** A new organization (its first user is its admin) and its id. */
async function newOrganization() {
  const api = (await stack.newUser()).api;
  return { api, orgId: (await (await api('/api/auth/user')).json()).organization.id as string };
}

const outcomeOf = (org: string, invoiceId: string, integrationId: string) =>
  findInvoice(org, invoiceId).then((i) => i?.syncResults.find((r) => r.integrationId === integrationId));

describe('a bill waits for the account mapping', () => {
  it('an approval before the accounts are mapped waits (saying why, nothing sent), and saving the mapping books it once', async () => {
    const org = await newOrganization();
    const books = await createIntegration(org.orgId, {
      name: 'Books not mapped yet',
      type: 'QUICKBOOKS',
      config: { apiUrl: quickbooks.url, realmId: '557', apiKey: quickbooks.accessToken },
    });
    const id = await approvedInvoice(org.api, 'WAIT-1');
    const waiting = await until('the waiting outcome', async () => {
      const outcome = await outcomeOf(org.orgId, id, books.id);
      return outcome?.lastError === WAITING_FOR_MAPPING ? outcome : undefined;
    });
    expect(waiting).toMatchObject({ status: 'PENDING', remoteId: null });
    expect(quickbooks.bills.filter((b) => b.PrivateNote === `Invoice Pilot invoice ${id}`)).toHaveLength(0);
    expect((await listNotifications(org.orgId)).items.some((n) => n.kind === 'sync_failed')).toBe(false);

    const before = await body(await org.api(`/api/integrations/${books.id}`), 200, integrationSchema);
    const mapped = await org.api(`/api/integrations/${books.id}`, {
      method: 'PUT',
      json: { config: { defaultAccountId: '7' }, version: before.version },
    });
    expect(mapped.status).toBe(200);
    const synced = await until('the outcome once mapped', async () => {
      const outcome = await outcomeOf(org.orgId, id, books.id);
      return outcome?.status === 'SYNCED' ? outcome : undefined;
    });
    const bills = quickbooks.bills.filter((b) => b.PrivateNote === `Invoice Pilot invoice ${id}`);
    expect(bills).toHaveLength(1);
    expect(synced).toMatchObject({ remoteId: bills[0].Id, lastError: null, attempts: 1 });

    // The wait is cleared: saving the mapping again has nothing to send.
    expect(await mappingWaits.list(org.orgId, books.id)).toEqual([]);
  }, 90_000);
});

describe('exactly once', () => {
  it('a lost answer from each system is retried to one bill each, and neither system is called for the other', async () => {
    const org = await newOrganization();
    const pw = stack.propertyware;
    const books = await createIntegration(org.orgId, {
      name: 'Books',
      type: 'QUICKBOOKS',
      config: {
        apiUrl: quickbooks.url,
        realmId: '555',
        apiKey: quickbooks.accessToken,
        defaultAccountId: '7',
      },
    });
    const property = await createIntegration(org.orgId, {
      name: 'Property books',
      type: 'PROPERTYWARE',
      config: {
        apiUrl: pw.url,
        username: pw.credentials.clientId,
        password: pw.credentials.clientSecret,
        systemId: pw.credentials.systemId,
        defaultGlAccountId: '5000',
        defaultPortfolioId: '10',
      },
    });
    quickbooks.loseNextAnswer('/555/bill');
    pw.loseNextAnswer('/bills');
    const id = await approvedInvoice(org.api, 'LOST-9');
    const synced = await until(
      'both outcomes',
      async () => {
        const [qb, pwr] = await Promise.all([
          outcomeOf(org.orgId, id, books.id),
          outcomeOf(org.orgId, id, property.id),
        ]);
        return qb?.status === 'SYNCED' && pwr?.status === 'SYNCED' ? { qb, pwr } : undefined;
      },
      60_000,
    );
    const qbBills = quickbooks.bills.filter((b) => b.PrivateNote === `Invoice Pilot invoice ${id}`);
    const pwBills = pw.bills.filter((b) => b.refNo === 'LOST-9');
    expect(qbBills).toHaveLength(1);
    expect(pwBills).toHaveLength(1);
    expect(synced.qb).toMatchObject({ remoteId: qbBills[0].Id, attempts: 2 });
    expect(synced.pwr).toMatchObject({ remoteId: String(pwBills[0].id), attempts: 2 });
    // Each system was called twice for the bill (the lost call and its retry), not once per other failure.
    expect(quickbooks.requests.filter((r) => r.path === '/v3/company/555/bill')).toHaveLength(2);
    expect(
      pw.requests.filter((r) => r.method === 'POST' && (r.body as { refNo?: string }).refNo === 'LOST-9'),
    ).toHaveLength(1);
  }, 120_000);
});

describe('Retry sync', () => {
  it('a sync that failed for good is notified; after the fix, Retry sync lands it once', async () => {
    const org = await newOrganization();
    const books = await createIntegration(org.orgId, {
      name: 'Revoked books',
      type: 'QUICKBOOKS',
      config: { apiUrl: quickbooks.url, realmId: '556', apiKey: 'a-revoked-token', defaultAccountId: '7' },
    });
    const id = await approvedInvoice(org.api, 'RETRY-1');
    const failed = await until('the final failure', async () => {
      const outcome = await outcomeOf(org.orgId, id, books.id);
      return outcome?.status === 'FAILED' ? outcome : undefined;
    });
    expect(failed.lastError).toBe(RECONNECT_QUICKBOOKS);
    const notification = await until('the sync_failed notification', async () =>
      (await listNotifications(org.orgId)).items.find((n) => n.kind === 'sync_failed' && n.invoiceId === id),
    );
    expect(notification.message).toBe(
      `Invoice RETRY-1 could not be synced: Revoked books: ${failed.lastError}`,
    );

    const before = await body(await org.api(`/api/integrations/${books.id}`), 200, integrationSchema);
    const fixed = await org.api(`/api/integrations/${books.id}`, {
      method: 'PUT',
      json: { config: { apiKey: quickbooks.accessToken }, version: before.version },
    });
    expect(fixed.status).toBe(200);
    const retried = await body(
      await org.api(`/api/invoices/${id}/sync/retry`, { method: 'POST', json: {} }),
      200,
      invoiceSchema,
    );
    expect(retried.syncResults).toEqual([
      expect.objectContaining({ integrationId: books.id, status: 'PENDING' }),
    ]);
    const synced = await until('the retried outcome', async () => {
      const outcome = await outcomeOf(org.orgId, id, books.id);
      return outcome?.status === 'SYNCED' ? outcome : undefined;
    });
    const bills = quickbooks.bills.filter((b) => b.PrivateNote === `Invoice Pilot invoice ${id}`);
    expect(bills).toHaveLength(1);
    expect(synced).toMatchObject({ remoteId: bills[0].Id, attempts: 2, lastError: null });

    const again = await org.api(`/api/invoices/${id}/sync/retry`, { method: 'POST', json: {} });
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe('nothing_to_retry');
  }, 120_000);
});

/**
 * The API's contract for the person and the organization: the user profile, the organization (counts,
 * API quota, validation, plan, who may edit), integrations (tested against a local receiver), webhooks and
 * notifications. contract-records.test.ts holds vendors, properties, categories, analytics and API keys.
 */
import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tableName } from '../../functions/adapters/dynamodb/client';
import { updateIf } from '../../functions/adapters/dynamodb/entity';
import { keys } from '../../functions/adapters/dynamodb/keys';
import { addNotification } from '../../functions/adapters/dynamodb/notifications';
import { findMember, writeMemberRole } from '../../functions/adapters/dynamodb/team';
import { CONNECTION_FAILED, CONNECTION_SUCCEEDED } from '../../functions/core/integrations/test-connection';
import {
  apiKeyCreatedSchema,
  integrationSchema,
  integrationTestResultSchema,
  invoiceEventBodySchema,
  isStandardWebhookSecret,
  notificationListSchema,
  organizationSchema,
  pageOf,
  propertySchema,
  statsSchema,
  userSchema,
  vendorSchema,
  webhookSchema,
} from '../../shared/schemas';
import type { Api, TestStack } from '../helpers/local-stack';
import { body } from '../helpers/responses';
import { failure, startContractStack } from './contract.fixture';

let stack: TestStack;
let api: Api;
let orgId: string;
let userSub: string;

const unreadSchema = z.object({ unread: z.number().int() });

const post = (path: string, json: unknown) => api(path, { method: 'POST', json });
const put = (path: string, json: unknown) => api(path, { method: 'PUT', json });
const del = (path: string) => api(path, { method: 'DELETE' });

beforeAll(async () => {
  ({ stack, api, orgId, userSub } = await startContractStack());
});
afterAll(async () => {
  await stack?.stop();
});

describe('user profile', () => {
  it('answers the profile with the organization name', async () => {
    const profile = await body(await api('/api/user/profile'), 200, userSchema);
    expect(profile.id).toBe(userSub);
    expect(profile.organization.name).toMatch(/Organization$/);
  });

  it('validates with the spec’s messages and saves a valid edit', async () => {
    const { messages } = await failure(
      await put('/api/user/profile', { firstName: ' ', lastName: '', email: 'x@' }),
      400,
    );
    expect(messages).toEqual(
      expect.arrayContaining(['First name is required', 'Last name is required', 'Invalid email address']),
    );
    const saved = await body(
      await put('/api/user/profile', { firstName: 'Casey', lastName: 'Jonas', email: 'casey@example.com' }),
      200,
      userSchema,
    );
    expect(saved).toMatchObject({ firstName: 'Casey', lastName: 'Jonas', email: 'casey@example.com' });
    const auth = userSchema.parse(await (await api('/api/auth/user')).json());
    expect(auth.lastName).toBe('Jonas');
  });
});

describe('organization', () => {
  it("answers real counts and counts the calls made with API keys, not the app's own", async () => {
    const first = await body(await api('/api/organization/current'), 200, organizationSchema);
    const vendors = await body(await api('/api/vendors'), 200, pageOf(vendorSchema));
    const properties = await body(await api('/api/properties'), 200, pageOf(propertySchema));
    const invoices = (await (await api('/api/invoices')).json()).total as number;
    const key = await body(await post('/api/api-keys', { name: 'Counter' }), 201, apiKeyCreatedSchema);
    const robot = stack.api(key.key);
    expect((await robot('/api/vendors')).status).toBe(200);
    expect((await robot('/api/invoices')).status).toBe(200);
    expect((await robot('/api/vendors/no-such-vendor')).status).toBe(404);
    const second = await body(await api('/api/organization/current'), 200, organizationSchema);
    expect(second.stats).toEqual({
      totalUsers: 1,
      totalInvoices: invoices,
      totalProperties: properties.total,
      totalVendors: vendors.total,
    });
    // The key's three calls (an answered error too), and none of the signed-in person's.
    expect(second.apiUsed - first.apiUsed).toBe(3);
    expect(second).toMatchObject({ plan: 'STARTER', apiQuota: 10_000, status: 'ACTIVE' });
    expect((await del(`/api/api-keys/${key.id}`)).status).toBe(204);
  });

  it("refuses an API key's calls with 429 once the month's quota is used, and the app keeps working", async () => {
    const other = await stack.newUser({ firstName: 'Quinn', lastName: 'Otto' });
    const me = userSchema.parse(await (await other.api('/api/auth/user')).json());
    const key = await body(
      await other.api('/api/api-keys', { method: 'POST', json: { name: 'Busy robot' } }),
      201,
      apiKeyCreatedSchema,
    );
    const robot = stack.api(key.key);
    // The month so far: one call short of the STARTER quota.
    const month = new Date().toISOString().slice(0, 7);
    // No adapter sets a month's count (only countApiCall adds one call): the adapters' conditional update.
    expect(
      await updateIf({
        Key: keys.usage(me.organization.id, month),
        UpdateExpression: 'SET apiCalls = :n',
        ExpressionAttributeValues: { ':n': 9_999 },
      }),
    ).toBeDefined();
    expect((await robot('/api/vendors')).status).toBe(200);
    const refused = await failure(await robot('/api/vendors'), 429);
    expect(refused.code).toBe('quota');
    expect(refused.messages[0]).toContain('10,000 calls on the STARTER plan');
    const org = await body(await other.api('/api/organization/current'), 200, organizationSchema);
    expect(org).toMatchObject({ apiUsed: 10_000, apiQuota: 10_000 });
  });

  it('validates name and slug with the spec’s messages', async () => {
    const empty = await failure(
      await put('/api/organization/current', { name: '', slug: '', plan: 'STARTER' }),
      400,
    );
    expect(empty.messages).toEqual(
      expect.arrayContaining(['Organization name is required', 'Slug is required']),
    );
    const bad = await failure(
      await put('/api/organization/current', { name: 'A', slug: 'Bad Slug', plan: 'STARTER' }),
      400,
    );
    expect(bad.messages).toContain('Slug must contain only lowercase letters, numbers, and hyphens');
  });

  it('refuses a plan change with 403 and the sales message', async () => {
    const { messages } = await failure(
      await put('/api/organization/current', { name: 'Casey Co', slug: 'casey-co', plan: 'PROFESSIONAL' }),
      403,
    );
    expect(messages[0]).toBe('Contact sales to upgrade your plan');
  });

  it('saves name and slug; a slug of another organization is 409', async () => {
    const saved = await body(
      await put('/api/organization/current', { name: 'Casey Co', slug: 'casey-co', plan: 'STARTER' }),
      200,
      organizationSchema,
    );
    expect(saved).toMatchObject({ name: 'Casey Co', slug: 'casey-co' });
    const taken = await failure(
      await put('/api/organization/current', { name: 'Casey Co', slug: 'harborview', plan: 'STARTER' }),
      409,
    );
    expect(taken.messages[0]).toBe('This slug is already taken');
  });

  it('lets only administrators edit (403 for a member)', async () => {
    const other = await stack.newUser();
    const me = userSchema.parse(await (await other.api('/api/auth/user')).json());
    // Demoted as the team page would, but with nobody left as administrator (no route allows that).
    const member = await findMember(me.organization.id, me.id);
    expect(member?.role).toBe('ADMIN');
    expect(await writeMemberRole(me.organization.id, member!, 'MEMBER', undefined)).toBe(true);
    const response = await other.api('/api/organization/current', {
      method: 'PUT',
      json: { name: 'Mine now', slug: 'mine-now', plan: 'STARTER' },
    });
    await failure(response, 403);
    expect((await (await other.api('/api/organization/current')).json()).name).not.toBe('Mine now');
  });

  it('changes the plan through the admin command', async () => {
    await promisify(execFile)('npx', ['tsx', 'scripts/admin.ts', 'set-plan', 'casey-co', 'PROFESSIONAL'], {
      env: { ...process.env, TABLE_NAME: tableName(), DYNAMODB_ENDPOINT: stack.endpoints.dynamodb },
    });
    const org = await body(await api('/api/organization/current'), 200, organizationSchema);
    expect(org).toMatchObject({ plan: 'PROFESSIONAL', apiQuota: 100_000 });
  });
});

describe('integrations', () => {
  let server: Server;
  let received: { method?: string; body: string; headers: IncomingMessage['headers'] }[] = [];
  let answer = 200;
  let baseUrl = '';

  beforeAll(async () => {
    server = createServer((req, res) => {
      let data = '';
      req.on('data', (c) => {
        data += c;
      });
      req.on('end', () => {
        received.push({ method: req.method, body: data, headers: req.headers });
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
  });

  const connected = async () => (await body(await api('/api/stats'), 200, statsSchema)).connectedIntegrations;

  it('creates each type as ACTIVE, answers secrets masked and counts it as connected', async () => {
    const start = await connected();
    const secret = 'qb-secret-key-0123456789-WXYZ';
    const qb = await body(
      await post('/api/integrations', {
        name: 'Books',
        type: 'QUICKBOOKS',
        config: { apiKey: secret, apiUrl: '', username: '', password: '' },
      }),
      201,
      integrationSchema,
    );
    // Secrets are write-only: the answer shows that one is set and none of its characters.
    expect(qb).toMatchObject({ status: 'ACTIVE', config: { apiKey: '****' } });
    const pw = await body(
      await post('/api/integrations', {
        name: 'PW',
        type: 'PROPERTYWARE',
        config: { apiUrl: `${baseUrl}/pw`, username: 'ops', password: 'hunter2' },
      }),
      201,
      integrationSchema,
    );
    expect(pw.config).toEqual({ apiUrl: `${baseUrl}/pw`, username: 'ops', password: '****' });
    const list = await body(await api('/api/integrations'), 200, pageOf(integrationSchema));
    expect(JSON.stringify(list)).not.toContain(secret);
    expect(JSON.stringify(list)).not.toContain('hunter2');
    expect(await connected()).toBe(start + 2);
  });

  it('validates the config of each type (spec section 5)', async () => {
    const noName = await failure(
      await post('/api/integrations', { name: '', type: 'QUICKBOOKS', config: { apiKey: 'k' } }),
      400,
    );
    expect(noName.messages).toContain('Name is required');
    const qb = await failure(
      await post('/api/integrations', { name: 'Q', type: 'QUICKBOOKS', config: { apiKey: '' } }),
      400,
    );
    expect(qb.messages).toContain('API key is required');
    const pw = await failure(
      await post('/api/integrations', {
        name: 'P',
        type: 'PROPERTYWARE',
        config: { apiUrl: 'ftp://x', username: '', password: '' },
      }),
      400,
    );
    expect(pw.messages).toEqual(
      expect.arrayContaining(['Enter a valid URL', 'Username is required', 'Password is required']),
    );
    const make = await failure(
      await post('/api/integrations', { name: 'M', type: 'MAKE_COM', config: { apiUrl: 'not a url' } }),
      400,
    );
    expect(make.messages).toContain('Enter a valid URL');
    await failure(await post('/api/integrations', { name: 'X', type: 'ZAPIER', config: {} }), 400);
  });

  it('tests the connection for real and records the outcome', async () => {
    const make = await body(
      await post('/api/integrations', {
        name: 'Make',
        type: 'MAKE_COM',
        config: { apiUrl: `${baseUrl}/hook`, apiKey: 'make-key-123456789' },
      }),
      201,
      integrationSchema,
    );
    received = [];
    answer = 200;
    const ok = await body(
      await post(`/api/integrations/${make.id}/test`, {}),
      200,
      integrationTestResultSchema,
    );
    expect(ok).toMatchObject({
      ok: true,
      status: null,
      message: CONNECTION_SUCCEEDED,
      integration: { status: 'ACTIVE', lastError: null },
    });
    expect(received).toHaveLength(1);
    expect(received[0].method).toBe('POST');
    expect(received[0].headers['x-make-apikey']).toBe('make-key-123456789');
    // A sample of exactly the body a sync sends (Make.com learns the data structure from it).
    expect(invoiceEventBodySchema.parse(JSON.parse(received[0].body))).toMatchObject({
      type: 'invoice.approved',
    });

    const start = await connected();
    answer = 500;
    const failed = await body(
      await post(`/api/integrations/${make.id}/test`, {}),
      200,
      integrationTestResultSchema,
    );
    // Only ok / failed with a generic reason: what answered (its status) is not echoed.
    expect(failed).toMatchObject({
      ok: false,
      status: null,
      message: CONNECTION_FAILED,
      integration: { status: 'ERROR', lastError: CONNECTION_FAILED },
    });
    expect(failed.integration.lastSyncAt).not.toBeNull();
    expect(await connected()).toBe(start - 1);
  });

  it('edits (keeping masked secrets), switches off and deletes', async () => {
    const created = await body(
      await post('/api/integrations', {
        name: 'PW2',
        type: 'PROPERTYWARE',
        config: { apiUrl: `${baseUrl}/pw2`, username: 'ops', password: 'correct-horse-battery' },
      }),
      201,
      integrationSchema,
    );
    const start = await connected();
    const edited = await body(
      await put(`/api/integrations/${created.id}`, {
        name: 'PW two',
        config: { ...created.config, username: 'ops2' },
        version: created.version,
      }),
      200,
      integrationSchema,
    );
    expect(edited).toMatchObject({ name: 'PW two', config: { username: 'ops2', password: '****' } });
    // The stored password survived the masked round trip: the connection test sends it, as Propertyware's
    // client secret.
    received = [];
    answer = 200;
    await post(`/api/integrations/${edited.id}/test`, {});
    expect(received[0].headers).toMatchObject({
      'x-propertyware-client-id': 'ops2',
      'x-propertyware-client-secret': 'correct-horse-battery',
    });
    const invalid = await failure(
      await put(`/api/integrations/${created.id}`, { config: { apiUrl: 'nope' } }),
      400,
    );
    expect(invalid.messages).toContain('Enter a valid URL');
    const off = await body(
      await put(`/api/integrations/${created.id}`, { status: 'INACTIVE' }),
      200,
      integrationSchema,
    );
    expect(off.status).toBe('INACTIVE');
    expect(await connected()).toBe(start - 1);
    expect((await del(`/api/integrations/${created.id}`)).status).toBe(204);
    await failure(await api(`/api/integrations/${created.id}`), 404);
    expect(await connected()).toBe(start - 1);
  });
});

describe('webhooks', () => {
  it('creates with the default event, answers the given secret once, then masked; lists and deletes', async () => {
    const secret = `whsec_${Buffer.alloc(24, 1).toString('base64')}`;
    const created = await body(
      await post('/api/webhooks', { url: 'https://hooks.example.com/in', secret }),
      201,
      webhookSchema,
    );
    expect(created).toMatchObject({
      events: ['invoice.processed'],
      hasSecret: true,
      secret,
      status: 'ACTIVE',
    });
    expect((await body(await api(`/api/webhooks/${created.id}`), 200, webhookSchema)).secret).toBe('****');
    const list = await body(await api('/api/webhooks'), 200, pageOf(webhookSchema));
    expect(list.items.map((w) => w.id)).toContain(created.id);
    expect(JSON.stringify(list)).not.toContain(secret);
    expect((await del(`/api/webhooks/${created.id}`)).status).toBe(204);
    await failure(await api(`/api/webhooks/${created.id}`), 404);
  });

  it('validates url and events', async () => {
    expect((await failure(await post('/api/webhooks', { url: '' }), 400)).messages).toContain(
      'URL is required',
    );
    expect(
      (await failure(await post('/api/webhooks', { url: 'javascript:alert(1)' }), 400)).messages,
    ).toContain('Enter a valid URL');
    await failure(await post('/api/webhooks', { url: 'https://x.test', events: ['invoice.deleted'] }), 400);
    expect(
      (await failure(await post('/api/webhooks', { url: 'https://x.test', events: [] }), 400)).messages,
    ).toContain('Choose at least one event');
    expect(
      (
        await failure(
          await post('/api/webhooks', { url: 'https://x.test', secret: 'whsec-abcdefghijkl' }),
          400,
        )
      ).messages,
    ).toContain('Secret must be whsec_ followed by the base64 of 24 to 64 random bytes');
  });

  it('generates a whsec_ secret when none is given, and rotation answers a new one once', async () => {
    const created = await body(
      await post('/api/webhooks', { url: 'https://hooks.example.com/gen' }),
      201,
      webhookSchema,
    );
    expect(isStandardWebhookSecret(created.secret ?? '')).toBe(true);
    const rotated = await body(
      await post(`/api/webhooks/${created.id}/rotate-secret`, {}),
      200,
      webhookSchema,
    );
    expect(isStandardWebhookSecret(rotated.secret ?? '')).toBe(true);
    expect(rotated.secret).not.toBe(created.secret);
    expect((await body(await api(`/api/webhooks/${created.id}`), 200, webhookSchema)).secret).toBe('****');
    await failure(await post('/api/webhooks/01JAAAAAAAAAAAAAAAAAAAAAAA/rotate-secret', {}), 404);
  });
});

describe('notifications', () => {
  it('lists newest first with the unread count, and marks some or all read', async () => {
    const a = await addNotification(orgId, { kind: 'processed', invoiceId: null, message: 'A processed' });
    await addNotification(orgId, { kind: 'review_required', invoiceId: null, message: 'B needs review' });
    const list = await body(await api('/api/notifications'), 200, notificationListSchema);
    expect(list).toMatchObject({ total: 2, unread: 2, nextCursor: null });
    expect(list.items[0].message).toBe('B needs review');

    expect(await body(await post('/api/notifications/read', { ids: [a.id] }), 200, unreadSchema)).toEqual({
      unread: 1,
    });
    await failure(await post('/api/notifications/read', { ids: ['01ARZ3NDEKTSV4RRFFQ69G5FAV'] }), 404);
    await failure(await post('/api/notifications/read', { ids: ['bad'] }), 400);
    expect(await body(await post('/api/notifications/read', {}), 200, unreadSchema)).toEqual({ unread: 0 });
  });
});

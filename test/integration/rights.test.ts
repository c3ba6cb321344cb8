import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { db, tableName } from '../../functions/adapters/dynamodb/client';
import { getInvoice } from '../../functions/adapters/dynamodb/invoices';
import { keys } from '../../functions/adapters/dynamodb/keys';
import { addDelivery } from '../../functions/adapters/dynamodb/webhooks';
import { registerProcessingStarter } from '../../functions/adapters/workflow/processing-starter';
import { RIGHTS } from '../../functions/api/contracts';
import { saveInvoice } from '../../functions/core/invoices/commit';
import { errorBodySchema } from '../../shared/errors';
import {
  API_KEY_SCOPES,
  type ApiKeyScope,
  apiKeyCreatedSchema,
  apiKeySchema,
  approvalRuleSchema,
  insuranceCertificateSchema,
  integrationSchema,
  invoiceSchema,
  memberSchema,
  organizationSchema,
  pageOf,
  propertySchema,
  type Role,
  userSchema,
  vendorSchema,
  webhookSchema,
} from '../../shared/schemas';
import { type Api, fileForm, startTestStack, type TestStack } from '../helpers/local-stack';
import { consentToQuickBooks } from '../helpers/quickbooks-consent';
import { body } from '../helpers/responses';
import { registeredRoutes } from '../helpers/routes';

/**
 * Every mutating route, tried by an administrator, an approver, a member, a viewer, an API key with the default scopes and one
 * with other scopes, against the real local parts. The expected answers below are the rights table written
 * out by hand (functions/api/lib/rights.ts is its implementation), and the test fails when a route is added
 * without a line here.
 */

let stack: TestStack;
let admin: Api;
let approver: Api;
let member: Api;
let viewer: Api;
let orgId: string;
/** Each person's e-mail, which their profile update keeps. */
const emails: Partial<Record<Caller, string>> = {};
/** A second member whose role the role-change route sets (to the role they have). */
let targetId: string;
/** Reads invoices and vendors, uploads invoices: the defaults. */
let defaultKey: Api;
/** Edits invoices and maintains vendors, and nothing else. */
let scopedKey: Api;
const SCOPED: ApiKeyScope[] = ['invoices:write', 'vendors:write'];

type Caller = 'admin' | 'approver' | 'member' | 'viewer' | 'defaultKey' | 'scopedKey';
const CALLERS: Caller[] = ['admin', 'approver', 'member', 'viewer', 'defaultKey', 'scopedKey'];
const apiOf = (caller: Caller): Api => ({ admin, approver, member, viewer, defaultKey, scopedKey })[caller];

const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const run = randomUUID().slice(0, 8);
let serial = 0;
const unique = (what: string) => `${what}-${run}-${++serial}`;

async function failure(response: Response, status: number) {
  return body(response, status, errorBodySchema);
}

async function invite(email: string, role: Role) {
  const response = await admin('/api/organization/invitations', { method: 'POST', json: { email, role } });
  expect(response.status, await response.clone().text()).toBe(201);
}

/** A person invited with a role who signs in: a member of the organization under test. */
async function newMember(role: Role) {
  const email = `${unique('person')}@example.com`;
  await invite(email, role);
  const person = await stack.newUser({ email });
  const me = await body(await person.api('/api/auth/user'), 200, userSchema);
  expect(me).toMatchObject({ organization: { id: orgId }, role });
  return { ...person, id: me.id };
}

async function createKey(api: Api, json: { name: string; scopes?: ApiKeyScope[] }) {
  return body(await api('/api/api-keys', { method: 'POST', json }), 201, apiKeyCreatedSchema);
}

async function uploaded() {
  const form = fileForm(pdf, 'bill.pdf', 'application/pdf');
  return body(await admin('/api/invoices/upload', { method: 'POST', body: form }), 201, invoiceSchema);
}

/** An invoice waiting for a decision, as the workflow leaves it. */
async function inReview() {
  const invoice = await uploaded();
  const item = await getInvoice(orgId, invoice.id);
  await saveInvoice(item, { status: 'REVIEW_REQUIRED', processingStage: 'DONE' }, null);
  return invoice;
}

/** An approved invoice (to reopen or void). */
async function approvedOne() {
  const invoice = await inReview();
  await saveInvoice(await getInvoice(orgId, invoice.id), { status: 'APPROVED' }, null);
  return invoice;
}

/** An approved invoice whose sync to an integration failed for good. */
async function failedSync() {
  const invoice = await inReview();
  const target = await integration();
  const at = new Date().toISOString();
  await saveInvoice(
    await getInvoice(orgId, invoice.id),
    {
      status: 'APPROVED',
      syncResults: [
        {
          integrationId: target.id,
          integrationName: target.name,
          type: target.type,
          status: 'FAILED',
          attempts: 5,
          lastError: 'The endpoint answered 500',
          approvedAt: at,
          updatedAt: at,
        },
      ],
    },
    null,
  );
  return invoice;
}

const created = async <S extends z.ZodType>(path: string, json: unknown, schema: S) =>
  body(await admin(path, { method: 'POST', json }), 201, schema);
const vendor = () => created('/api/vendors', { name: unique('Vendor') }, vendorSchema);
const certificateInput = {
  carrier: 'Hartford',
  policyNumber: 'GL-1',
  coverageType: 'GENERAL_LIABILITY',
  effectiveOn: '2026-01-01',
  expiresOn: '2027-01-01',
};
const certificate = async () =>
  created(`/api/vendors/${(await vendor()).id}/certificates`, certificateInput, insuranceCertificateSchema);
const property = () =>
  created(
    '/api/properties',
    { name: unique('Property'), address: '1 Main St', propertyType: 'OFFICE' },
    propertySchema,
  );
/** A catch-all rule for a very large amount, so no invoice of this file meets it. */
const rule = () =>
  created(
    '/api/organization/approval-rules',
    { name: unique('Rule'), minAmount: 1e11, approvalsRequired: 1 },
    approvalRuleSchema,
  );
const webhook = () =>
  created('/api/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['invoice.processed'] }, webhookSchema);
const integration = () =>
  created(
    '/api/integrations',
    { name: unique('Make'), type: 'MAKE_COM', config: { apiUrl: 'http://127.0.0.1:9/hook' } },
    integrationSchema,
  );

interface Attempt {
  path: string;
  init?: RequestInit & { json?: unknown };
}

interface Case {
  /** What the caller sends, on a fresh fixture made by the administrator. */
  attempt: (caller: Caller) => Promise<Attempt>;
  /** The answer each caller gets: the success status, or 403. */
  expect: Record<Caller, number>;
}

const refused = { admin: 403, approver: 403, member: 403, viewer: 403, defaultKey: 403, scopedKey: 403 };
const adminsOnly = (ok: number) => ({ ...refused, admin: ok });
/** Every signed-in person, viewers included (their own profile and notifications). */
const people = (ok: number) => ({ ...refused, admin: ok, approver: ok, member: ok, viewer: ok });
/** People who edit, and no API key (no default or scoped key here has the route's scope). */
const editors = (ok: number) => ({ ...refused, admin: ok, approver: ok, member: ok });
const approvers = (ok: number) => ({ ...refused, admin: ok, approver: ok });
const upload = (ok: number) => ({ ...editors(ok), defaultKey: ok });
const edit = (ok: number) => ({ ...editors(ok), scopedKey: ok });

const post = (path: string, json?: unknown): Attempt => ({ path, init: { method: 'POST', json } });
const put = (path: string, json: unknown): Attempt => ({ path, init: { method: 'PUT', json } });
const del = (path: string): Attempt => ({ path, init: { method: 'DELETE' } });

const CASES: Record<string, Case> = {
  'POST /api/invoices/upload': {
    attempt: async () => ({
      path: '/api/invoices/upload',
      init: { method: 'POST', body: fileForm(pdf, 'a.pdf') },
    }),
    expect: upload(201),
  },
  'POST /api/upload': {
    attempt: async () => ({ path: '/api/upload', init: { method: 'POST', body: fileForm(pdf, 'a.pdf') } }),
    expect: upload(201),
  },
  'POST /api/invoices/upload-url': {
    attempt: async () =>
      post('/api/invoices/upload-url', {
        filename: 'a.pdf',
        contentType: 'application/pdf',
        size: pdf.length,
      }),
    expect: upload(201),
  },
  'PUT /api/invoices/{id}': {
    attempt: async () => {
      const invoice = await uploaded();
      return put(`/api/invoices/${invoice.id}`, { version: invoice.version, notes: 'checked' });
    },
    expect: edit(200),
  },
  'DELETE /api/invoices/{id}': {
    attempt: async () => del(`/api/invoices/${(await uploaded()).id}`),
    expect: edit(204),
  },
  'POST /api/invoices/{id}/reprocess': {
    attempt: async () => post(`/api/invoices/${(await inReview()).id}/reprocess`),
    expect: edit(202),
  },
  'POST /api/invoices/{id}/comments': {
    attempt: async () => post(`/api/invoices/${(await uploaded()).id}/comments`, { comment: 'Looks right' }),
    expect: edit(201),
  },
  'POST /api/invoices/{id}/approve': {
    attempt: async () => post(`/api/invoices/${(await inReview()).id}/approve`),
    expect: approvers(201),
  },
  'POST /api/invoices/{id}/sync/retry': {
    attempt: async () => post(`/api/invoices/${(await failedSync()).id}/sync/retry`, {}),
    expect: approvers(200),
  },
  'POST /api/invoices/{id}/reject': {
    attempt: async () => post(`/api/invoices/${(await inReview()).id}/reject`, { reason: 'Duplicate' }),
    expect: approvers(201),
  },
  'POST /api/invoices/{id}/reopen': {
    attempt: async () => post(`/api/invoices/${(await approvedOne()).id}/reopen`, { reason: 'Wrong amount' }),
    expect: approvers(201),
  },
  'POST /api/invoices/{id}/void': {
    attempt: async () => post(`/api/invoices/${(await approvedOne()).id}/void`, { reason: 'Billed twice' }),
    expect: approvers(201),
  },
  // Bulk work: the rule of the single action; which invoices are then decided is in the answer.
  'POST /api/invoices/bulk/approve': {
    attempt: async () => post('/api/invoices/bulk/approve', { ids: [(await inReview()).id] }),
    expect: approvers(200),
  },
  'POST /api/invoices/bulk/reject': {
    attempt: async () =>
      post('/api/invoices/bulk/reject', { ids: [(await inReview()).id], reason: 'Duplicate' }),
    expect: approvers(200),
  },
  'POST /api/invoices/bulk/edit': {
    attempt: async () => post('/api/invoices/bulk/edit', { ids: [(await inReview()).id], propertyId: null }),
    expect: edit(200),
  },
  'POST /api/invoices/bulk/delete': {
    attempt: async () => post('/api/invoices/bulk/delete', { ids: [(await uploaded()).id] }),
    expect: edit(200),
  },
  'POST /api/vendors': {
    attempt: async () => post('/api/vendors', { name: unique('Vendor') }),
    expect: edit(201),
  },
  'PUT /api/vendors/{id}': {
    attempt: async () => put(`/api/vendors/${(await vendor()).id}`, { name: unique('Renamed') }),
    expect: edit(200),
  },
  'DELETE /api/vendors/{id}': {
    attempt: async () => del(`/api/vendors/${(await vendor()).id}`),
    expect: edit(204),
  },
  'DELETE /api/vendors/{id}/memory': {
    attempt: async () => del(`/api/vendors/${(await vendor()).id}/memory`),
    expect: edit(204),
  },
  'POST /api/vendors/{id}/certificates': {
    attempt: async () => post(`/api/vendors/${(await vendor()).id}/certificates`, certificateInput),
    expect: edit(201),
  },
  'PUT /api/vendors/{id}/certificates/{certificateId}': {
    attempt: async () => {
      const { vendorId, id } = await certificate();
      return put(`/api/vendors/${vendorId}/certificates/${id}`, { ...certificateInput, carrier: 'Renamed' });
    },
    expect: edit(200),
  },
  'DELETE /api/vendors/{id}/certificates/{certificateId}': {
    attempt: async () => {
      const { vendorId, id } = await certificate();
      return del(`/api/vendors/${vendorId}/certificates/${id}`);
    },
    expect: edit(204),
  },
  'POST /api/properties': {
    attempt: async () =>
      post('/api/properties', { name: unique('Property'), address: '2 Elm St', propertyType: 'RETAIL' }),
    expect: editors(201),
  },
  'POST /api/vendors/{id}/merge': {
    attempt: async () => {
      const [kept, merged] = await Promise.all([vendor(), vendor()]);
      return post(`/api/vendors/${kept.id}/merge`, { sourceVendorId: merged.id });
    },
    expect: edit(200),
  },
  'PUT /api/properties/{id}': {
    attempt: async () =>
      put(`/api/properties/${(await property()).id}`, {
        name: unique('Renamed'),
        address: '3 Oak St',
        propertyType: 'LAND',
      }),
    expect: editors(200),
  },
  'DELETE /api/properties/{id}': {
    attempt: async () => del(`/api/properties/${(await property()).id}`),
    expect: editors(204),
  },
  'POST /api/notifications/read': {
    attempt: async () => post('/api/notifications/read', {}),
    expect: people(200),
  },
  'PUT /api/user/profile': {
    attempt: async (caller) =>
      put('/api/user/profile', {
        firstName: 'Rita',
        lastName: 'Rights',
        email: emails[caller],
      }),
    expect: people(200),
  },
  'PUT /api/organization/current': {
    attempt: async () => {
      const org = await body(await admin('/api/organization/current'), 200, organizationSchema);
      return put('/api/organization/current', { name: org.name, slug: org.slug, plan: org.plan });
    },
    expect: adminsOnly(200),
  },
  'PUT /api/organization/inbox': {
    attempt: async () => put('/api/organization/inbox', { allowedSenders: [] }),
    expect: adminsOnly(200),
  },
  'POST /api/organization/inbox/regenerate': {
    attempt: async () => post('/api/organization/inbox/regenerate'),
    expect: adminsOnly(200),
  },
  'PUT /api/organization/members/{userId}': {
    attempt: async () => put(`/api/organization/members/${targetId}`, { role: 'MEMBER' }),
    expect: adminsOnly(200),
  },
  'DELETE /api/organization/members/{userId}': {
    attempt: async () => del(`/api/organization/members/${(await newMember('MEMBER')).id}`),
    expect: adminsOnly(204),
  },
  // Every caller here is a member already (409); API keys have no person to choose for (403).
  'POST /api/auth/membership': {
    attempt: async () => post('/api/auth/membership', { action: 'create' }),
    expect: people(409),
  },
  'POST /api/organization/invitations': {
    attempt: async () =>
      post('/api/organization/invitations', { email: `${unique('invitee')}@example.com`, role: 'MEMBER' }),
    expect: adminsOnly(201),
  },
  'DELETE /api/organization/invitations/{email}': {
    attempt: async () => {
      const email = `${unique('invitee')}@example.com`;
      await invite(email, 'MEMBER');
      return del(`/api/organization/invitations/${encodeURIComponent(email)}`);
    },
    expect: adminsOnly(204),
  },
  'POST /api/organization/invitations/{email}/resend': {
    attempt: async () => {
      const email = `${unique('invitee')}@example.com`;
      await invite(email, 'MEMBER');
      return post(`/api/organization/invitations/${encodeURIComponent(email)}/resend`, {});
    },
    expect: adminsOnly(200),
  },
  'POST /api/organization/approval-rules': {
    attempt: async () =>
      post('/api/organization/approval-rules', { name: unique('Rule'), approvalsRequired: 1 }),
    expect: adminsOnly(201),
  },
  'PUT /api/organization/approval-rules/{id}': {
    attempt: async () =>
      put(`/api/organization/approval-rules/${(await rule()).id}`, {
        name: unique('Renamed'),
        approvalsRequired: 1,
      }),
    expect: adminsOnly(200),
  },
  'DELETE /api/organization/approval-rules/{id}': {
    attempt: async () => del(`/api/organization/approval-rules/${(await rule()).id}`),
    expect: adminsOnly(204),
  },
  'POST /api/api-keys': {
    attempt: async () => post('/api/api-keys', { name: unique('Key') }),
    expect: adminsOnly(201),
  },
  'DELETE /api/api-keys/{id}': {
    attempt: async () => del(`/api/api-keys/${(await createKey(admin, { name: unique('Key') })).id}`),
    expect: adminsOnly(204),
  },
  'POST /api/webhooks': {
    attempt: async () =>
      post('/api/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['invoice.approved'] }),
    expect: adminsOnly(201),
  },
  'DELETE /api/webhooks/{id}': {
    attempt: async () => del(`/api/webhooks/${(await webhook()).id}`),
    expect: adminsOnly(204),
  },
  'POST /api/webhooks/{id}/rotate-secret': {
    attempt: async () => post(`/api/webhooks/${(await webhook()).id}/rotate-secret`, {}),
    expect: adminsOnly(200),
  },
  'POST /api/webhooks/{id}/deliveries/{deliveryId}/resend': {
    attempt: async () => {
      const { id } = await webhook();
      const delivery = await addDelivery(orgId, {
        webhookId: id,
        messageId: 'msg_rights',
        event: 'invoice.processed',
        eventAt: new Date().toISOString(),
        invoiceId: '01JAAAAAAAAAAAAAAAAAAAAAAA',
        attempt: 1,
        resend: false,
        ok: false,
        statusCode: 500,
        latencyMs: 3,
        response: '',
        nextRetryAt: null,
      });
      return post(`/api/webhooks/${id}/deliveries/${delivery.id}/resend`, {});
    },
    expect: adminsOnly(202),
  },
  'POST /api/integrations': {
    attempt: async () =>
      post('/api/integrations', {
        name: unique('Make'),
        type: 'MAKE_COM',
        config: { apiUrl: 'http://127.0.0.1:9/hook' },
      }),
    expect: adminsOnly(201),
  },
  'PUT /api/integrations/{id}': {
    attempt: async () => put(`/api/integrations/${(await integration()).id}`, { name: unique('Renamed') }),
    expect: adminsOnly(200),
  },
  'DELETE /api/integrations/{id}': {
    attempt: async () => del(`/api/integrations/${(await integration()).id}`),
    expect: adminsOnly(204),
  },
  'POST /api/integrations/{id}/test': {
    attempt: async () => post(`/api/integrations/${(await integration()).id}/test`),
    expect: adminsOnly(200),
  },
  'POST /api/integrations/quickbooks/connect': {
    attempt: async () => post('/api/integrations/quickbooks/connect'),
    expect: adminsOnly(200),
  },
  'POST /api/integrations/quickbooks/callback': {
    // The admin brings back a real consent; the others are refused before their body is read.
    attempt: async (caller) =>
      post(
        '/api/integrations/quickbooks/callback',
        caller === 'admin'
          ? (await consentToQuickBooks(admin)).callback
          : { code: 'c', state: 's', realmId: '1' },
      ),
    expect: adminsOnly(201),
  },
};

/** Invoices sent back to processing: the workflow itself is not under test here, so it only records them. */
const reprocessed: string[] = [];

beforeAll(async () => {
  stack = await startTestStack({ workflow: false, queueWorkers: false });
  registerProcessingStarter({
    start: async ({ invoiceId }) => {
      reprocessed.push(invoiceId);
    },
  });
  // The table tries every operation as every principal: far more uploads a minute than a Starter
  // organization may make, so this one tries Professional (the per-minute limit has its own test).
  const first = await stack.signUp({ firstName: 'Ada', lastName: 'Admin', plan: 'PROFESSIONAL' });
  admin = first.api;
  emails.admin = first.email;
  orgId = (await body(await admin('/api/auth/user'), 200, userSchema)).organization.id;
  for (const [caller, role] of [
    ['approver', 'APPROVER'],
    ['member', 'MEMBER'],
    ['viewer', 'VIEWER'],
  ] as const) {
    const person = await newMember(role);
    emails[caller] = person.email;
    if (caller === 'approver') approver = person.api;
    else if (caller === 'member') member = person.api;
    else viewer = person.api;
  }
  targetId = (await newMember('MEMBER')).id;
  defaultKey = stack.api((await createKey(admin, { name: 'Default robot' })).key);
  scopedKey = stack.api((await createKey(admin, { name: 'Scoped robot', scopes: SCOPED })).key);
});
afterAll(async () => {
  await stack?.stop();
});

describe('the rights table', () => {
  it('has a rule for every route, and every mutating route has a case here', async () => {
    const routes = await registeredRoutes();
    expect(Object.keys(RIGHTS).sort()).toEqual(routes);
    const mutating = routes.filter((route) => !route.startsWith('GET '));
    expect(Object.keys(CASES).sort()).toEqual(mutating);
  });

  for (const [route, { attempt, expect: expected }] of Object.entries(CASES)) {
    it(`${route}: ${CALLERS.map((c) => `${c} ${expected[c]}`).join(', ')}`, async () => {
      for (const caller of CALLERS) {
        const { path, init } = await attempt(caller);
        const response = await apiOf(caller)(path, init);
        const text = await response.text();
        expect(response.status, `${caller}: ${text}`).toBe(expected[caller]);
        if (expected[caller] === 403) expect(JSON.parse(text).code).toBe('forbidden');
      }
    });
  }

  it('sent back to processing only what allowed callers reprocessed', async () => {
    // Each reprocess starts its run through the outbox.
    await stack.outbox.drained();
    const allowed = CALLERS.filter((c) => CASES['POST /api/invoices/{id}/reprocess'].expect[c] !== 403);
    expect(reprocessed).toHaveLength(allowed.length);
  });
});

describe('API keys', () => {
  it('record their scopes and creator; the defaults read invoices and vendors and upload', async () => {
    const me = await body(await admin('/api/auth/user'), 200, userSchema);
    const listed = await body(await admin('/api/api-keys'), 200, pageOf(apiKeySchema));
    const byName = Object.fromEntries(listed.items.map((k) => [k.name, k]));
    expect(byName['Default robot']).toMatchObject({
      scopes: ['invoices:read', 'invoices:upload', 'vendors:read'],
      createdBy: me.id,
    });
    expect(byName['Scoped robot']).toMatchObject({ scopes: SCOPED, createdBy: me.id });
    // Members see the keys (prefixes only) but cannot make or revoke any.
    expect((await body(await member('/api/api-keys'), 200, pageOf(apiKeySchema))).total).toBe(listed.total);
  });

  it('act only within their scopes, with a message naming the missing one', async () => {
    expect((await defaultKey('/api/invoices')).status).toBe(200);
    expect((await defaultKey('/api/vendors')).status).toBe(200);
    const refused = await failure(await defaultKey('/api/properties'), 403);
    expect(refused.message).toBe('This API key does not have the properties:read scope');
    expect((await failure(await scopedKey('/api/invoices'), 403)).message).toBe(
      'This API key does not have the invoices:read scope',
    );
  });

  it('can never manage keys, webhooks, integrations or the team, whatever scopes are asked for', async () => {
    const asked = await failure(
      await admin('/api/api-keys', { method: 'POST', json: { name: 'Greedy', scopes: ['keys:write'] } }),
      400,
    );
    expect(asked.issues?.[0]?.path).toBe('scopes.0');
    const everything = await createKey(admin, { name: 'Everything', scopes: [...API_KEY_SCOPES] });
    const robot = stack.api(everything.key);
    expect((await robot('/api/invoices')).status).toBe(200);
    for (const path of [
      '/api/api-keys',
      '/api/organization/invitations',
      '/api/webhooks',
      '/api/integrations',
    ]) {
      expect((await robot(path, { method: 'POST', json: {} })).status).toBe(403);
    }
    expect((await robot('/api/webhooks')).status).toBe(403);
    expect((await robot('/api/organization/members')).status).toBe(403);
  });
});

describe('removing a member', () => {
  it('refuses their ID token and their API keys on the very next request', async () => {
    const leaver = await newMember('ADMIN');
    const key = await createKey(leaver.api, { name: 'Leaver robot' });
    const robot = stack.api(key.key);
    const invoice = await uploaded();
    // Both work, and the token's principal is now cached by the authorizer.
    expect((await leaver.api(`/api/invoices/${invoice.id}`)).status).toBe(200);
    expect((await robot(`/api/invoices/${invoice.id}`)).status).toBe(200);

    expect((await admin(`/api/organization/members/${leaver.id}`, { method: 'DELETE' })).status).toBe(204);

    // The very next request: the key is gone, and the token is refused; no organization is made for them.
    expect((await robot(`/api/invoices/${invoice.id}`)).status).toBe(401);
    const refused = await body(await leaver.api(`/api/invoices/${invoice.id}`), 403, errorBodySchema);
    expect(refused.code).toBe('membership_removed');
    expect(refused.message).toMatch(/^You are no longer a member of .+\.$/);
    expect((await leaver.api('/api/auth/user')).status).toBe(403);
    const keys = await body(await admin('/api/api-keys'), 200, pageOf(apiKeySchema));
    expect(keys.items.map((k) => k.id)).not.toContain(key.id);
  });

  it('applies a demotion on the very next request', async () => {
    const demoted = await newMember('ADMIN');
    expect(
      (await demoted.api('/api/webhooks', { method: 'POST', json: { url: 'http://127.0.0.1:9/a' } })).status,
    ).toBe(201);
    await body(
      await admin(`/api/organization/members/${demoted.id}`, { method: 'PUT', json: { role: 'MEMBER' } }),
      200,
      memberSchema,
    );
    const refused = await failure(
      await demoted.api('/api/webhooks', { method: 'POST', json: { url: 'http://127.0.0.1:9/b' } }),
      403,
    );
    expect(refused.message).toBe('Only an administrator can manage webhooks');
  });
});

describe('the four-roles migration', () => {
  it('keeps a member stored before the four roles (MEMBER, no role model) as an approver', async () => {
    const old = await newMember('MEMBER');
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(orgId, old.id),
        UpdateExpression: 'REMOVE roleModel',
      }),
    );
    const invoice = await inReview();
    await body(await old.api(`/api/invoices/${invoice.id}/approve`, { method: 'POST' }), 201, invoiceSchema);
    expect((await body(await old.api('/api/auth/user'), 200, userSchema)).role).toBe('APPROVER');
    const team = await body(await admin('/api/organization/members'), 200, pageOf(memberSchema));
    expect(team.items.find((m) => m.id === old.id)?.role).toBe('APPROVER');
  });
});

describe('references', () => {
  it("refuses another organization's property, an unknown category and another organization's vendor (400)", async () => {
    const outsider = (await stack.newUser()).api;
    const theirs = await body(
      await outsider('/api/properties', {
        method: 'POST',
        json: { name: 'Their tower', address: '9 Far Rd', propertyType: 'OFFICE' },
      }),
      201,
      propertySchema,
    );
    const theirVendor = await body(
      await outsider('/api/vendors', { method: 'POST', json: { name: 'Their vendor' } }),
      201,
      vendorSchema,
    );
    const invoice = await uploaded();
    const change = (json: Record<string, unknown>) =>
      admin(`/api/invoices/${invoice.id}`, { method: 'PUT', json: { version: invoice.version, ...json } });

    const foreign = await failure(await change({ propertyId: theirs.id }), 400);
    expect(foreign.message).toBe('The property does not exist in your organization');
    expect(foreign.issues).toEqual([
      { path: 'propertyId', message: 'The property does not exist in your organization' },
    ]);
    const unknown = await failure(await change({ categoryId: 'NOT-OURS' }), 400);
    expect(unknown.message).toBe('The category does not exist in your organization');
    const stored = await body(await admin(`/api/invoices/${invoice.id}`), 200, invoiceSchema);
    expect(stored).toMatchObject({ propertyId: null, categoryId: null, version: invoice.version });

    // A vendor is picked by id now (the review form's vendor picker): only the organization's own.
    const theirs2 = await failure(await change({ vendorId: theirVendor.id }), 400);
    expect(theirs2.issues).toEqual([
      { path: 'vendorId', message: 'The vendor does not exist in your organization' },
    ]);
    const ours = await property();
    const saved = await body(await change({ propertyId: ours.id }), 200, invoiceSchema);
    expect(saved).toMatchObject({ propertyId: ours.id });
    expect(saved.vendorId).not.toBe(theirVendor.id);
  });
});

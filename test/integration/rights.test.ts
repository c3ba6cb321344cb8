/**
 * Every mutating route, tried by an administrator, an approver, a member, a viewer, an API key with the default scopes and one
 * with other scopes, against the real local parts. The expected answers below are the rights table written
 * out by hand (functions/api/lib/rights.ts is its implementation), and the test fails when a route is added
 * without a line here. The organization, its people and the records an attempt is made on come from
 * rights.fixture.ts; rights-members.test.ts tries, on its own stack, what the table does not show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDelivery } from '../../functions/adapters/dynamodb/webhooks';
import { RIGHTS } from '../../functions/api/contracts';
import { organizationSchema } from '../../shared/schemas';
import { type Api, fileForm, type TestStack } from '../helpers/local-stack';
import { consentToQuickBooks } from '../helpers/quickbooks-consent';
import { body } from '../helpers/responses';
import { registeredRoutes } from '../helpers/routes';
import {
  approvedItem,
  approvedOne,
  type Caller,
  certificate,
  certificateInput,
  createKey,
  failedSync,
  inReview,
  integration,
  invite,
  newMember,
  paidItem,
  pdf,
  property,
  type RightsWorld,
  rule,
  splitSecond,
  startRightsWorld,
  twoInOneInReview,
  unique,
  uploaded,
  vendor,
  webhook,
} from './rights.fixture';

let stack: TestStack;
let admin: Api;
let approver: Api;
let member: Api;
let viewer: Api;
let orgId: string;
/** Each person's e-mail, which their profile update keeps. */
let emails: RightsWorld['emails'];
/** A second member whose role the role-change route sets (to the role they have). */
let targetId: string;
/** Reads invoices and vendors, uploads invoices: the defaults. */
let defaultKey: Api;
/** Edits invoices and maintains vendors, and nothing else. */
let scopedKey: Api;

const CALLERS: Caller[] = ['admin', 'approver', 'member', 'viewer', 'defaultKey', 'scopedKey'];
const apiOf = (caller: Caller): Api => ({ admin, approver, member, viewer, defaultKey, scopedKey })[caller];

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

/** The invoices each route that reads an invoice again was tried on, by the route's last word. */
const triedOn: Record<'reprocess' | 'split', string[]> = { reprocess: [], split: [] };
const tried = (route: keyof typeof triedOn, id: string) => {
  triedOn[route].push(id);
  return id;
};

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
    attempt: async () => post(`/api/invoices/${tried('reprocess', (await inReview()).id)}/reprocess`),
    expect: edit(202),
  },
  'POST /api/invoices/{id}/split': {
    attempt: async () => {
      const item = await twoInOneInReview();
      return post(`/api/invoices/${tried('split', item.id)}/split`, { version: item.version, atPage: 2 });
    },
    expect: edit(202),
  },
  'POST /api/invoices/{id}/merge-previous': {
    attempt: async () => {
      const item = await splitSecond();
      return post(`/api/invoices/${item.id}/merge-previous`, { version: item.version });
    },
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
  'POST /api/invoices/{id}/payment': {
    attempt: async () => {
      const item = await approvedItem();
      return post(`/api/invoices/${item.id}/payment`, { version: item.version });
    },
    expect: approvers(200),
  },
  'DELETE /api/invoices/{id}/payment': {
    attempt: async () => {
      const item = await paidItem();
      return del(`/api/invoices/${item.id}/payment?version=${item.version}`);
    },
    expect: approvers(200),
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
  'PUT /api/vendors/{id}/certificates/{certificateId}/file': {
    attempt: async () => {
      const { vendorId, id } = await certificate();
      return {
        path: `/api/vendors/${vendorId}/certificates/${id}/file`,
        init: { method: 'PUT', body: fileForm(pdf, 'certificate.pdf') },
      };
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
let reprocessed: string[];

beforeAll(async () => {
  ({ stack, admin, approver, member, viewer, orgId, emails, targetId, defaultKey, scopedKey, reprocessed } =
    await startRightsWorld());
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

  it('sent back to processing only what allowed callers reprocessed or split', async () => {
    // Each reprocess (and each split, for the pages it keeps) starts its run through the outbox.
    await stack.outbox.drained();
    for (const route of ['reprocess', 'split'] as const) {
      const allowed = CALLERS.filter((c) => CASES[`POST /api/invoices/{id}/${route}`].expect[c] !== 403);
      expect(reprocessed.filter((id) => triedOn[route].includes(id))).toHaveLength(allowed.length);
    }
  });
});

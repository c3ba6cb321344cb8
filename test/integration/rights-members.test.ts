/**
 * Rights the table in rights.test.ts does not show: API keys' scopes and creator, a removed or demoted
 * member refused on the very next request, a member stored before the four roles, and references to another
 * organization's records. The organization and its people are the table's (rights.fixture.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateIf } from '../../functions/adapters/dynamodb/entity';
import { keys } from '../../functions/adapters/dynamodb/keys';
import { errorBodySchema } from '../../shared/errors';
import {
  API_KEY_SCOPES,
  apiKeySchema,
  invoiceSchema,
  memberSchema,
  pageOf,
  propertySchema,
  userSchema,
  vendorSchema,
} from '../../shared/schemas';
import type { Api, TestStack } from '../helpers/local-stack';
import { body } from '../helpers/responses';
import {
  createKey,
  failure,
  inReview,
  newMember,
  property,
  SCOPED,
  startRightsWorld,
  uploaded,
} from './rights.fixture';

let stack: TestStack;
let admin: Api;
let member: Api;
let orgId: string;
/** Reads invoices and vendors, uploads invoices: the defaults. */
let defaultKey: Api;
/** Edits invoices and maintains vendors, and nothing else. */
let scopedKey: Api;

beforeAll(async () => {
  ({ stack, admin, member, orgId, defaultKey, scopedKey } = await startRightsWorld());
});
afterAll(async () => {
  await stack?.stop();
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
    // A legacy item on purpose: every adapter write of a user stamps the role model, so none can make one;
    // the adapters' conditional update takes the attribute away.
    expect(
      await updateIf({
        Key: keys.user(orgId, old.id),
        UpdateExpression: 'REMOVE roleModel',
        ConditionExpression: 'attribute_exists(PK)',
      }),
    ).toBeDefined();
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

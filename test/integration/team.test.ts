import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationsForEmail } from '../../functions/adapters/dynamodb/team';
import { errorBodySchema } from '../../shared/errors';
import {
  apiKeyCreatedSchema,
  invitationSchema,
  memberSchema,
  membershipSchema,
  organizationSchema,
  pageOf,
  userSchema,
} from '../../shared/schemas';
import { type Api, startTestStack, TEST_PASSWORD, type TestStack } from '../helpers/local-stack';
import { body } from '../helpers/responses';

let stack: TestStack;
/** Avery, the first administrator of the organization under test. */
let avery: Api;
let averyId: string;
let orgId: string;
/** The administrator of another organization, who must learn nothing about Avery's. */
let outsider: Api;
/** Pat is invited as a MEMBER and signs up with a differently cased address. */
let patId: string;
let pat: Api;
const run = randomUUID().slice(0, 8);
const patEmail = `pat.${run}@example.com`;
/** The address as Pat types it when signing up. */
const patSignUpEmail = patEmail.replace('pat.', 'Pat.');
const samEmail = `sam.${run}@example.com`;

const members = pageOf(memberSchema);
const invitations = pageOf(invitationSchema);

async function failure(response: Response, status: number) {
  return body(response, status, errorBodySchema);
}

const invite = (api: Api, email: string, role: string) =>
  api('/api/organization/invitations', { method: 'POST', json: { email, role } });
const setRole = (api: Api, userId: string, role: string) =>
  api(`/api/organization/members/${userId}`, { method: 'PUT', json: { role } });
const remove = (api: Api, userId: string) => api(`/api/organization/members/${userId}`, { method: 'DELETE' });
const revoke = (api: Api, email: string) =>
  api(`/api/organization/invitations/${encodeURIComponent(email)}`, { method: 'DELETE' });
const listMembers = async (api: Api) => body(await api('/api/organization/members'), 200, members);
const listInvitations = async (api: Api) =>
  body(await api('/api/organization/invitations'), 200, invitations);
const me = async (api: Api) => body(await api('/api/auth/user'), 200, userSchema);
const totalUsers = async (api: Api) =>
  (await body(await api('/api/organization/current'), 200, organizationSchema)).stats.totalUsers;

beforeAll(async () => {
  stack = await startTestStack({ workflow: false, queueWorkers: false });
  avery = (await stack.newUser({ firstName: 'Avery', lastName: 'Stone' })).api;
  const averyUser = await me(avery);
  averyId = averyUser.id;
  orgId = averyUser.organization.id;
  outsider = (await stack.newUser({ firstName: 'Olive', lastName: 'Other' })).api;
});
afterAll(async () => {
  await stack?.stop();
});

describe('invitations', () => {
  it('invites an e-mail (trimmed and lower-cased) and lists invitations newest first', async () => {
    // Another organization invites Pat first: Pat joins the most recent invitation's organization.
    await body(await invite(outsider, patEmail, 'ADMIN'), 201, invitationSchema);
    const invited = await body(
      await invite(avery, `  ${patEmail.toUpperCase()} `, 'MEMBER'),
      201,
      invitationSchema,
    );
    expect(invited).toMatchObject({ email: patEmail, role: 'MEMBER', invitedBy: 'Avery Stone' });
    await body(await invite(avery, samEmail, 'ADMIN'), 201, invitationSchema);

    const listed = await listInvitations(avery);
    expect(listed.items.map((i) => [i.email, i.role])).toEqual([
      [samEmail, 'ADMIN'],
      [patEmail, 'MEMBER'],
    ]);
    expect(listed.total).toBe(2);
    expect(listed.nextCursor).toBeNull();
  });

  it('refuses a second invitation of the same address and of a member (409)', async () => {
    const duplicate = await failure(await invite(avery, patEmail, 'ADMIN'), 409);
    expect(duplicate).toMatchObject({
      code: 'invitation_exists',
      message: `${patEmail} has already been invited`,
    });
    const averyEmail = (await me(avery)).email;
    const member = await failure(await invite(avery, averyEmail, 'MEMBER'), 409);
    expect(member).toMatchObject({
      code: 'already_member',
      message: `${averyEmail} is already a member of this organization`,
    });
  });

  it('refuses an invalid e-mail or role (400)', async () => {
    const badEmail = await failure(await invite(avery, 'not-an-email', 'MEMBER'), 400);
    expect(badEmail.issues?.map((i) => [i.path, i.message])).toEqual([['email', 'Invalid email address']]);
    const badRole = await failure(await invite(avery, `x.${run}@example.com`, 'OWNER'), 400);
    expect(badRole.issues?.map((i) => i.path)).toEqual(['role']);
    expect((await listInvitations(avery)).total).toBe(2);
  });
});

describe('joining on sign-up', () => {
  it('puts an invited person who signs up into the inviting organization with the invited role', async () => {
    const signedUp = await stack.signUp({
      email: patSignUpEmail,
      firstName: 'Pat',
      lastName: 'Lee',
    });
    pat = signedUp.api;
    const user = await me(pat);
    patId = user.id;
    expect(user.organization.id).toBe(orgId);
    expect(user).toMatchObject({ role: 'MEMBER', firstName: 'Pat', lastName: 'Lee' });
    expect(await totalUsers(avery)).toBe(2);

    // The accepted invitation is gone, and so is the other organization's invitation of the same address.
    expect((await listInvitations(avery)).items.map((i) => i.email)).toEqual([samEmail]);
    expect((await listInvitations(outsider)).items).toEqual([]);
    expect(await invitationsForEmail(patEmail)).toEqual([]);

    const listed = await listMembers(avery);
    expect(listed.items.map((m) => [m.id, m.role, m.firstName])).toEqual([
      [averyId, 'ADMIN', 'Avery'],
      [patId, 'MEMBER', 'Pat'],
    ]);
    expect(listed.total).toBe(2);
    // Pat is a member now, whatever the case of the address.
    expect((await failure(await invite(avery, patEmail, 'MEMBER'), 409)).code).toBe('already_member');
  });

  it('does not let an unverified e-mail accept an invitation, and creates nothing until the person chooses', async () => {
    const email = `unverified.${run}@example.com`;
    await body(await invite(avery, email, 'ADMIN'), 201, invitationSchema);
    const { api } = await stack.newUser({ email, emailVerified: false, choose: 'none' });
    // No organization was made for them: every organization route refuses them and says why.
    const refused = await failure(await api('/api/auth/user'), 403);
    expect(refused.code).toBe('membership_choice_required');
    expect(refused.message).toMatch(/could not be checked/);
    const standing = await body(await api('/api/auth/membership'), 200, membershipSchema);
    expect(standing).toMatchObject({ status: 'unverified', emailVerified: false });
    expect(standing.invitations.map((i) => i.organizationId)).toEqual([orgId]);
    const join = { action: 'join', organizationId: orgId };
    expect((await failure(await api('/api/auth/membership', { method: 'POST', json: join }), 403)).code).toBe(
      'email_unverified',
    );
    expect((await listInvitations(avery)).items.map((i) => i.email)).toContain(email);
    expect(await totalUsers(avery)).toBe(2);

    // "Create your own organization": their choice, and only then.
    const created = await api('/api/auth/membership', { method: 'POST', json: { action: 'create' } });
    expect((await body(created, 201, membershipSchema)).status).toBe('member');
    const user = await me(api);
    expect(user.organization.id).not.toBe(orgId);
    expect(user.role).toBe('ADMIN');
    await revoke(avery, email);
  });
});

describe('roles', () => {
  it('lets a member read the team but not manage it (403)', async () => {
    expect((await listMembers(pat)).total).toBe(2);
    const refusals = [
      await invite(pat, `someone.${run}@example.com`, 'MEMBER'),
      await pat('/api/organization/invitations'),
      await revoke(pat, samEmail),
      await setRole(pat, patId, 'ADMIN'),
      await setRole(pat, averyId, 'MEMBER'),
      await remove(pat, averyId),
    ];
    for (const response of refusals) {
      expect(await failure(response, 403)).toMatchObject({
        code: 'forbidden',
        message: 'Only an administrator can manage the team',
      });
    }
    expect((await me(avery)).role).toBe('ADMIN');
    expect((await listInvitations(avery)).items.map((i) => i.email)).toEqual([samEmail]);
  });

  it('refuses API keys, even an administrator’s (403)', async () => {
    const created = await body(
      await avery('/api/api-keys', { method: 'POST', json: { name: 'team test' } }),
      201,
      apiKeyCreatedSchema,
    );
    const withKey = stack.api(created.key);
    expect((await failure(await invite(withKey, `key.${run}@example.com`, 'ADMIN'), 403)).message).toBe(
      'Only an administrator can manage the team',
    );
    expect((await failure(await setRole(withKey, patId, 'ADMIN'), 403)).code).toBe('forbidden');
  });

  it('promotes, demotes at once, and keeps one administrator', async () => {
    const promoted = await body(await setRole(avery, patId, 'ADMIN'), 200, memberSchema);
    expect(promoted).toMatchObject({ id: patId, role: 'ADMIN' });
    expect((await me(pat)).role).toBe('ADMIN');

    expect((await body(await setRole(avery, averyId, 'MEMBER'), 200, memberSchema)).role).toBe('MEMBER');
    // Avery's next call already counts as a member's, though the authorizer cached Avery's principal.
    expect((await failure(await setRole(avery, patId, 'MEMBER'), 403)).code).toBe('forbidden');

    const lastAdmin = await failure(await setRole(pat, patId, 'MEMBER'), 409);
    expect(lastAdmin).toMatchObject({
      code: 'last_admin',
      message: 'An organization needs at least one administrator',
    });
    expect((await me(pat)).role).toBe('ADMIN');

    // Pat gives Avery the role back; the rest of the file runs with two administrators.
    expect((await body(await setRole(pat, averyId, 'ADMIN'), 200, memberSchema)).role).toBe('ADMIN');
    const roles = (await listMembers(avery)).items.map((m) => m.role);
    expect(roles).toEqual(['ADMIN', 'ADMIN']);
  });

  it('refuses a bad role (400) and an unknown member (404)', async () => {
    expect((await failure(await setRole(avery, patId, 'OWNER'), 400)).code).toBe('validation_failed');
    expect((await failure(await setRole(avery, randomUUID(), 'ADMIN'), 404)).code).toBe('not_found');
    expect((await failure(await remove(avery, randomUUID()), 404)).code).toBe('not_found');
  });

  it('does not let an administrator remove themselves (400)', async () => {
    const refused = await failure(await remove(avery, averyId), 400);
    expect(refused).toMatchObject({ code: 'cannot_remove_self', message: 'You cannot remove yourself' });
    expect((await listMembers(avery)).total).toBe(2);
  });
});

describe('other organizations', () => {
  it('never see or touch this organization’s members and invitations', async () => {
    expect((await failure(await setRole(outsider, patId, 'MEMBER'), 404)).code).toBe('not_found');
    expect((await failure(await remove(outsider, patId), 404)).code).toBe('not_found');
    expect((await failure(await revoke(outsider, samEmail), 404)).code).toBe('not_found');
    const theirMembers = await listMembers(outsider);
    expect(theirMembers.items.map((m) => m.id)).not.toContain(patId);
    expect(theirMembers.total).toBe(1);
    expect((await listInvitations(outsider)).items).toEqual([]);

    expect((await me(pat)).role).toBe('ADMIN');
    expect((await listInvitations(avery)).items.map((i) => i.email)).toEqual([samEmail]);
  });
});

describe('revoking and removing', () => {
  it('revokes an invitation: the invitee then signs up into an organization of their own', async () => {
    expect((await revoke(avery, samEmail)).status).toBe(204);
    expect((await failure(await revoke(avery, samEmail), 404)).code).toBe('not_found');
    expect((await listInvitations(avery)).items).toEqual([]);

    const sam = await me((await stack.signUp({ email: samEmail, firstName: 'Sam' })).api);
    expect(sam.organization.id).not.toBe(orgId);
    expect(sam.role).toBe('ADMIN');
    expect(await totalUsers(avery)).toBe(2);
  });

  it('removes a member: their next request is refused with the organization’s name, and nothing is made for them', async () => {
    const orgName = (await me(avery)).organization.name;
    // Pat's token was in use a moment ago (and is cached by the authorizer).
    expect((await me(pat)).organization.id).toBe(orgId);
    expect((await remove(avery, patId)).status).toBe(204);
    expect((await listMembers(avery)).items.map((m) => m.id)).toEqual([averyId]);
    expect(await totalUsers(avery)).toBe(1);
    expect((await failure(await remove(avery, patId), 404)).code).toBe('not_found');

    for (const api of [pat, stack.api(await stack.signIn(patSignUpEmail, TEST_PASSWORD))]) {
      const refused = await failure(await api('/api/invoices'), 403);
      expect(refused).toMatchObject({
        code: 'membership_removed',
        message: `You are no longer a member of ${orgName}.`,
      });
      expect((await failure(await api('/api/auth/user'), 403)).code).toBe('membership_removed');
    }
    // A new invitation from the same organization is not opened on their behalf either.
    await body(await invite(avery, patEmail, 'VIEWER'), 201, invitationSchema);
    expect((await failure(await pat('/api/auth/user'), 403)).code).toBe('membership_removed');
    const standing = await body(await pat('/api/auth/membership'), 200, membershipSchema);
    expect(standing).toMatchObject({ status: 'removed', organizationName: orgName, emailVerified: true });
    expect(standing.invitations).toEqual([
      { organizationId: orgId, organizationName: orgName, role: 'VIEWER' },
    ]);
    expect(await totalUsers(avery)).toBe(1);

    // Joining again is their explicit choice.
    const join = { action: 'join', organizationId: orgId };
    expect(
      (await body(await pat('/api/auth/membership', { method: 'POST', json: join }), 201, membershipSchema))
        .status,
    ).toBe('member');
    expect(await me(pat)).toMatchObject({ id: patId, role: 'VIEWER', organization: { id: orgId } });
    expect(await totalUsers(avery)).toBe(2);
  });
});

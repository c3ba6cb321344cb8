import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { updateIf } from '../../functions/adapters/dynamodb/entity';
import { keys } from '../../functions/adapters/dynamodb/keys';
import { hashLinkToken } from '../../functions/core/team/invitation-link';
import { errorBodySchema } from '../../shared/errors';
import {
  invitationPreviewSchema,
  invitationSchema,
  membershipSchema,
  organizationSchema,
  pageOf,
  userSchema,
} from '../../shared/schemas';
import { type Api, startTestStack, type TestStack } from '../helpers/local-stack';
import { body } from '../helpers/responses';

/**
 * Invitations that arrive: the e-mail goes through the local SMTP server into the dev mailbox with a link
 * that joins; a link expires after 7 days, is replaced by a re-sent one and dies with a revoked invitation,
 * and the join page's call says which.
 */
let stack: TestStack;
let admin: Api;
let orgId: string;
let orgName: string;
const run = randomUUID().slice(0, 8);

const invite = (email: string, role = 'MEMBER') =>
  admin('/api/organization/invitations', { method: 'POST', json: { email, role } });
const resend = (email: string) =>
  admin(`/api/organization/invitations/${encodeURIComponent(email)}/resend`, { method: 'POST' });
const revoke = (email: string) =>
  admin(`/api/organization/invitations/${encodeURIComponent(email)}`, { method: 'DELETE' });
/** The join page's call, made without any credentials. */
const openLink = (token: string) => fetch(`${stack.url}/api/invitations/${token}`);
const invitations = async () =>
  (await body(await admin('/api/organization/invitations'), 200, pageOf(invitationSchema))).items;

interface MailboxMessage {
  to: string;
  subject: string;
  text?: string;
  from?: string;
}

/** The messages the dev mailbox holds for an address, read as a browser would: `GET /api/dev/mailbox`. */
async function mailbox(email: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${stack.url}/api/dev/mailbox?email=${encodeURIComponent(email)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: MailboxMessage[] }).messages;
}

/** The token of the link in the newest invitation e-mail to `email`. */
async function linkTokenFor(email: string, count = 1): Promise<string> {
  const messages = (await mailbox(email)).filter((m) => m.subject.includes('invited'));
  expect(messages).toHaveLength(count);
  const match = /\/join\?token=([A-Za-z0-9_-]{43})/.exec(messages.at(-1)?.text ?? '');
  expect(match, messages.at(-1)?.text).not.toBeNull();
  return (match as RegExpExecArray)[1];
}

async function refusal(response: Response, status: number) {
  return body(response, status, errorBodySchema);
}

/**
 * Moves an invitation's expiry (the organization's item, the e-mail's item and its link) into the past. No
 * adapter dates a link back (a link is only made or renewed for 7 days): the adapters' conditional update.
 */
async function expire(email: string, token: string) {
  const past = new Date(Date.now() - 60_000).toISOString();
  const set = async (Key: { PK: string; SK: string }) =>
    expect(
      await updateIf({
        Key,
        UpdateExpression: 'SET linkExpiresAt = :past',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':past': past },
      }),
    ).toBeDefined();
  await set(keys.invitation(orgId, email));
  await set(keys.invitationByEmail(email, orgId));
  await set(keys.invitationLink(hashLinkToken(token)));
}

beforeAll(async () => {
  stack = await startTestStack({ workflow: false, queueWorkers: false, seedDemo: false });
  admin = (await stack.newUser({ firstName: 'Avery', lastName: 'Stone' })).api;
  const me = await body(await admin('/api/auth/user'), 200, userSchema);
  orgId = me.organization.id;
  orgName = (await body(await admin('/api/organization/current'), 200, organizationSchema)).name;
}, 120_000);

afterAll(() => stack?.stop());

describe('the invitation e-mail', () => {
  const pat = `pat.${run}@example.com`;
  let token: string;

  it('arrives in the dev mailbox with a link to the join page, valid for 7 days', async () => {
    const sent = Date.now();
    const invitation = await body(await invite(pat), 201, invitationSchema);
    const days = (Date.parse(invitation.expiresAt) - sent) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    expect(invitation.expired).toBe(false);

    const [message] = await mailbox(pat);
    expect(message.subject).toBe(`You're invited to join ${orgName} on Invoice Pilot`);
    expect(message.text).toContain(
      `Avery Stone invited you to join ${orgName} on Invoice Pilot as a member.`,
    );
    expect(message.text).toContain(`${stack.url}/join?token=`);
    token = await linkTokenFor(pat);
  });

  it('opens the invitation on the join page without an account', async () => {
    const preview = await body(await openLink(token), 200, invitationPreviewSchema);
    expect(preview).toMatchObject({
      organizationName: orgName,
      email: pat,
      role: 'MEMBER',
      invitedBy: 'Avery Stone',
    });
  });

  it('joins: the invited person who signs up chooses to join, and the link is then used up', async () => {
    const { api } = await stack.signUp({ email: pat, firstName: 'Pat', choose: 'none' });
    // Signed in, with nothing decided for them: the join page offers "Join <org> as Member" or their own.
    expect((await refusal(await api('/api/auth/user'), 403)).code).toBe('membership_choice_required');
    const standing = await body(await api('/api/auth/membership'), 200, membershipSchema);
    expect(standing).toEqual({
      status: 'invited',
      organizationName: null,
      emailVerified: true,
      invitations: [{ organizationId: orgId, organizationName: orgName, role: 'MEMBER' }],
    });
    const join = { action: 'join', organizationId: orgId };
    expect(
      (await body(await api('/api/auth/membership', { method: 'POST', json: join }), 201, membershipSchema))
        .status,
    ).toBe('member');
    const me = await body(await api('/api/auth/user'), 200, userSchema);
    expect(me.organization.id).toBe(orgId);
    expect(me.role).toBe('MEMBER');
    expect((await refusal(await openLink(token), 410)).message).toBe(
      'This invitation has already been accepted. Sign in to continue.',
    );
    expect((await invitations()).map((i) => i.email)).not.toContain(pat);
  });

  it('refuses a token that was never sent or is malformed (404)', async () => {
    for (const token of ['A'.repeat(43), 'not-a-token'])
      expect((await refusal(await openLink(token), 404)).message).toBe('This invitation link is not valid');
  });
});

describe('an expired link', () => {
  const sam = `sam.${run}@example.com`;

  it('is refused with the message, admits nobody, and shows as expired to the administrator', async () => {
    await body(await invite(sam), 201, invitationSchema);
    const token = await linkTokenFor(sam);
    await expire(sam, token);

    const refused = await refusal(await openLink(token), 410);
    expect(refused).toMatchObject({
      code: 'invitation_expired',
      message: 'This invitation has expired. Ask your administrator to send a new one.',
    });
    expect((await invitations()).find((i) => i.email === sam)?.expired).toBe(true);

    // Signing up with the address now gives the person an organization of their own.
    const { api } = await stack.signUp({ email: sam });
    expect((await body(await api('/api/auth/user'), 200, userSchema)).organization.id).not.toBe(orgId);
  });
});

describe('resending and revoking', () => {
  const kim = `kim.${run}@example.com`;
  let first: string;
  let second: string;

  it('re-sends with a new link and a new 7-day expiry; the old link says a newer one was sent', async () => {
    await body(await invite(kim, 'ADMIN'), 201, invitationSchema);
    first = await linkTokenFor(kim);
    await expire(kim, first);
    expect((await invitations()).find((i) => i.email === kim)?.expired).toBe(true);

    const renewed = await body(await resend(kim), 200, invitationSchema);
    expect(renewed.expired).toBe(false);
    expect(Date.parse(renewed.expiresAt)).toBeGreaterThan(Date.now() + 6.99 * 86_400_000);
    second = await linkTokenFor(kim, 2);
    expect(second).not.toBe(first);

    expect((await refusal(await openLink(first), 410)).message).toBe(
      'A newer invitation was sent to this address. Use the link in the most recent e-mail.',
    );
    expect((await body(await openLink(second), 200, invitationPreviewSchema)).role).toBe('ADMIN');
    expect((await invitations()).find((i) => i.email === kim)?.expired).toBe(false);
  });

  it('revokes: the link says so, and resending a revoked invitation is 404', async () => {
    expect((await revoke(kim)).status).toBe(204);
    expect((await refusal(await openLink(second), 410)).message).toBe(
      'This invitation has been revoked. Ask your administrator if you should still join.',
    );
    expect((await refusal(await resend(kim), 404)).code).toBe('not_found');
    expect((await invitations()).map((i) => i.email)).not.toContain(kim);
  });
});

describe('twenty invitations in a row', () => {
  it('all join: each invitee signs up through the gateway, confirms with the mailed code and joins', async () => {
    const before = (await body(await admin('/api/organization/members'), 200, pageOf(z.unknown()))).total;
    for (let i = 0; i < 20; i++) {
      const email = `row-${i}.${run}@example.com`;
      await body(await invite(email, 'APPROVER'), 201, invitationSchema);
      // SignUp, the code from the dev mailbox, ConfirmSignUp and sign-in: a lost write fails sign-in here.
      const { api } = await stack.signUp({ email, choose: 'none' });
      const standing = await body(await api('/api/auth/membership'), 200, membershipSchema);
      expect(standing, email).toMatchObject({ status: 'invited', emailVerified: true });
      const join = { action: 'join', organizationId: orgId };
      expect((await api('/api/auth/membership', { method: 'POST', json: join })).status, email).toBe(201);
      expect(await body(await api('/api/auth/user'), 200, userSchema), email).toMatchObject({
        role: 'APPROVER',
        organization: { id: orgId },
      });
    }
    const after = (await body(await admin('/api/organization/members'), 200, pageOf(z.unknown()))).total;
    expect(after).toBe(before + 20);
  }, 240_000);
});

import { beforeEach, describe, expect, it, vi } from 'vitest';

const sent = vi.hoisted(() => [] as { to: string; subject: string; text: string }[]);
vi.mock('../../adapters/dynamodb/organizations', () => ({
  getOrganization: async () => ({ id: 'o1', name: 'Harborview' }),
}));
vi.mock('../../adapters/email/mail-sender', () => ({
  sendEmail: async (mail: { to: string; subject: string; text: string }) => {
    sent.push(mail);
  },
}));
vi.mock('../../env', () => ({ env: () => ({ PUBLIC_URL: 'https://app.invoicepilot.test/' }) }));

const { sendInvitationEmail } = await import('./invitation-email');

const link = { token: 'tok en', tokenHash: 'h', expiresAt: '2026-12-08T10:00:00.000Z' };
const invitation = (role: 'ADMIN' | 'APPROVER' | 'MEMBER' | 'VIEWER') => ({
  email: 'sam@harborview.test',
  role,
  invitedBy: 'Dana Whitaker',
  createdAt: '2026-12-01T10:00:00.000Z',
  expiresAt: link.expiresAt,
  expired: false,
});

beforeEach(() => {
  sent.length = 0;
});

describe('the invitation e-mail', () => {
  it('is sent to the invited address with the join link and how long it works', async () => {
    await sendInvitationEmail('o1', invitation('MEMBER'), link);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: 'sam@harborview.test',
      subject: "You're invited to join Harborview on Invoice Pilot",
    });
    expect(sent[0].text).toContain(
      'Dana Whitaker invited you to join Harborview on Invoice Pilot as a member.',
    );
    expect(sent[0].text).toContain(
      'Accept the invitation: https://app.invoicepilot.test/join?token=tok%20en',
    );
    expect(sent[0].text).toContain('The link works for 7 days, until Dec 8, 2026.');
  });

  it('names every role with its article', async () => {
    for (const [role, words] of [
      ['ADMIN', 'as an administrator.'],
      ['APPROVER', 'as an approver.'],
      ['VIEWER', 'as a viewer.'],
    ] as const) {
      await sendInvitationEmail('o1', invitation(role), link);
      expect(sent.at(-1)?.text).toContain(words);
    }
  });
});

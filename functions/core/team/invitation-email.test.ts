import { beforeEach, describe, expect, it } from 'vitest';
import { adapterPorts } from '../../adapters/ports';
import { providePorts } from '../ports';
import { sendInvitationEmail } from './invitation-email';

const sent: { to: string | string[]; subject: string; text: string }[] = [];
// Core's ports, faked where the e-mail reaches the outside: the organization, the mailer, the site address.
providePorts({
  ...adapterPorts,
  getOrganization: async () => ({ id: 'o1', name: 'Harborview' }) as never,
  sendEmail: async (mail) => {
    sent.push(mail);
    return { messageId: '<m@test>' };
  },
  publicUrl: () => 'https://app.invoicepilot.test/',
});

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

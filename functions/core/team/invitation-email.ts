import { INVITATION_VALID_DAYS } from '../../../shared/constants';
import { formatDate } from '../../../shared/format';
import type { Invitation, Role } from '../../../shared/schemas';
import { AppError } from '../errors/app-error';
import { ports } from '../ports';
import type { InvitationLink } from './invitation-link';

const ROLE_NAMES: Record<Role, string> = {
  ADMIN: 'an administrator',
  APPROVER: 'an approver',
  MEMBER: 'a member',
  VIEWER: 'a viewer',
};

/** The join page's address for a link: the site's `/join` with the token (never stored, only its hash). */
export function joinUrl(token: string): string {
  const origin = ports().publicUrl();
  if (!origin) throw new Error('PUBLIC_URL is not set: invitation links need the site address');
  return `${origin.replace(/\/+$/, '')}/join?token=${encodeURIComponent(token)}`;
}

/**
 * Sends the invitation e-mail with its link (locally to the local SMTP server and the dev mailbox, in the
 * cloud through SES; see mail-sender). The invitation is already stored: a failed send is answered with a
 * message that says so, and Resend tries again with a new link.
 */
export async function sendInvitationEmail(orgId: string, invitation: Invitation, link: InvitationLink) {
  const org = await ports().getOrganization(orgId);
  const url = joinUrl(link.token);
  const role = ROLE_NAMES[invitation.role];
  const text = [
    `${invitation.invitedBy} invited you to join ${org.name} on Invoice Pilot as ${role}.`,
    '',
    `Accept the invitation: ${url}`,
    '',
    `The link works for ${INVITATION_VALID_DAYS} days, until ${formatDate(link.expiresAt)}. Sign up with this e-mail address (${invitation.email}) to join.`,
    'If you did not expect this invitation, you can ignore this e-mail.',
  ].join('\n');
  try {
    await ports().sendEmail({
      to: invitation.email,
      subject: `You're invited to join ${org.name} on Invoice Pilot`,
      text,
    });
  } catch (cause) {
    throw new AppError(
      'internal',
      'email_not_sent',
      'The invitation is saved, but its e-mail could not be sent; use Resend to try again',
      { cause },
    );
  }
}

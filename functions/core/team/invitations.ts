import type { Invitation, InvitationCreate } from '../../../shared/schemas';
import { conflict } from '../errors/app-error';
import { ports } from '../ports';
import { sendInvitationEmail } from './invitation-email';
import { type InvitationLink, newInvitationLink } from './invitation-link';

/** The organization's pending invitations, newest first. */
export const listInvitations = (orgId: string): Promise<Invitation[]> => ports().listInvitations(orgId);

/** Who an invitation names as its sender: their name, else their e-mail address. */
const displayName = (user: { email: string; firstName: string | null; lastName: string | null }) =>
  [user.firstName, user.lastName].filter((part) => part?.trim()).join(' ') || user.email;

/**
 * Invites an e-mail address with the link of the e-mail about to be sent; refused when a member already
 * has it (whatever its case) or this organization already invited it.
 */
export async function createInvitation(
  orgId: string,
  input: InvitationCreate & { invitedBy: string },
  link: InvitationLink,
): Promise<Invitation> {
  const members = await ports().listMembers(orgId);
  if (members.some((m) => m.email.trim().toLowerCase() === input.email))
    throw conflict('already_member', `${input.email} is already a member of this organization`);
  return ports().putInvitation(orgId, input, link);
}

/** An administrator invites an e-mail address: the invitation is stored, then its e-mail sent. */
export async function inviteMember(
  orgId: string,
  invitedBy: string,
  input: InvitationCreate,
): Promise<Invitation> {
  const administrator = await ports().getUser(orgId, invitedBy);
  const link = newInvitationLink();
  const invitation = await createInvitation(orgId, { ...input, invitedBy: displayName(administrator) }, link);
  await sendInvitationEmail(orgId, invitation, link);
  return invitation;
}

/** Sends the invitation e-mail again with a new link; the old link then says a newer one was sent. */
export async function resendInvitation(orgId: string, email: string): Promise<Invitation> {
  const link = newInvitationLink();
  const invitation = await ports().renewInvitation(orgId, email, link);
  await sendInvitationEmail(orgId, invitation, link);
  return invitation;
}

/** Revokes an invitation; its e-mail link then says it was revoked. */
export const revokeInvitation = (orgId: string, email: string): Promise<void> =>
  ports().deleteInvitation(orgId, email);

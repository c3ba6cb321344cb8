import {
  createInvitation,
  deleteInvitation,
  listInvitations,
  listMembers,
  removeMember,
  renewInvitation,
  updateMemberRole,
} from '../../adapters/dynamodb/team';
import { getUser, type UserItem } from '../../adapters/dynamodb/users';
import { AppError } from '../../core/errors/app-error';
import { sendInvitationEmail } from '../../core/team/invitation-email';
import { newInvitationLink } from '../../core/team/invitation-link';
import { resourceHandler } from '../lib/http';
import { teamContract } from './contract';

const displayName = (user: UserItem) =>
  [user.firstName, user.lastName].filter((part) => part?.trim()).join(' ') || user.email;

/**
 * The organization's people and the invitations waiting for someone to sign up. Managing them is for
 * administrators (functions/api/lib/rights.ts); the authorizer reads the caller's role afresh on every call.
 */
export const handler = resourceHandler(teamContract, {
  'GET /api/organization/members': async (request) => {
    const items = await listMembers(request.principal().orgId);
    return { items, nextCursor: null, total: items.length };
  },

  'PUT /api/organization/members/{userId}': async (request) => {
    const { orgId } = request.principal();
    const userId = request.params.userId;
    const { role } = request.body;
    return updateMemberRole(orgId, userId, role);
  },

  'DELETE /api/organization/members/{userId}': async (request) => {
    const { orgId, actorId } = request.principal();
    const userId = request.params.userId;
    if (userId === actorId) throw new AppError('input', 'cannot_remove_self', 'You cannot remove yourself');
    // Their API keys are revoked with them (removeMember).
    await removeMember(orgId, userId);
    return { status: 204 };
  },

  'GET /api/organization/invitations': async (request) => {
    const items = await listInvitations(request.principal().orgId);
    return { items, nextCursor: null, total: items.length };
  },

  'POST /api/organization/invitations': async (request) => {
    const { orgId, actorId } = request.principal();
    const input = request.body;
    const administrator = await getUser(orgId, actorId);
    const link = newInvitationLink();
    const invitation = await createInvitation(
      orgId,
      { ...input, invitedBy: displayName(administrator) },
      link,
    );
    await sendInvitationEmail(orgId, invitation, link);
    return invitation;
  },

  'POST /api/organization/invitations/{email}/resend': async (request) => {
    const { orgId } = request.principal();
    const email = request.params.email;
    const link = newInvitationLink();
    const invitation = await renewInvitation(orgId, email, link);
    await sendInvitationEmail(orgId, invitation, link);
    return invitation;
  },

  'DELETE /api/organization/invitations/{email}': async (request) => {
    const { orgId } = request.principal();
    const email = request.params.email;
    await deleteInvitation(orgId, email);
    return { status: 204 };
  },
});

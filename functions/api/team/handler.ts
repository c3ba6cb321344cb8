import * as z from 'zod';
import { invitationCreateSchema, memberUpdateSchema } from '../../../shared/schemas';
import { getUser, type UserItem } from '../../adapters/dynamodb/organizations';
import {
  createInvitation,
  deleteInvitation,
  listInvitations,
  listMembers,
  removeMember,
  renewInvitation,
  updateMemberRole,
} from '../../adapters/dynamodb/team';
import { AppError } from '../../core/errors/app-error';
import { newInvitationLink } from '../../core/team/invitation-link';
import { sendInvitationEmail } from '../../services/invitation-email';
import { parseBody, parseParam, resourceHandler } from '../lib/http';

/** Members are keyed by their Cognito `sub` (a UUID); anything else cannot name a member. */
const userIdSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);

const displayName = (user: UserItem) =>
  [user.firstName, user.lastName].filter((part) => part?.trim()).join(' ') || user.email;

/**
 * The organization's people and the invitations waiting for someone to sign up. Managing them is for
 * administrators (functions/api/lib/rights.ts); the authorizer reads the caller's role afresh on every call.
 */
export const handler = resourceHandler({
  'GET /api/organization/members': async (request) => {
    const items = await listMembers(request.principal().orgId);
    return { items, nextCursor: null, total: items.length };
  },

  'PUT /api/organization/members/{userId}': async (request) => {
    const { orgId } = request.principal();
    const userId = parseParam(request, 'userId', userIdSchema);
    const { role } = parseBody(request, memberUpdateSchema);
    return updateMemberRole(orgId, userId, role);
  },

  'DELETE /api/organization/members/{userId}': async (request) => {
    const { orgId, actorId } = request.principal();
    const userId = parseParam(request, 'userId', userIdSchema);
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
    const input = parseBody(request, invitationCreateSchema);
    const administrator = await getUser(orgId, actorId);
    const link = newInvitationLink();
    const invitation = await createInvitation(
      orgId,
      { ...input, invitedBy: displayName(administrator) },
      link,
    );
    await sendInvitationEmail(orgId, invitation, link);
    return { status: 201, body: invitation };
  },

  'POST /api/organization/invitations/{email}/resend': async (request) => {
    const { orgId } = request.principal();
    const email = parseParam(request, 'email', invitationCreateSchema.shape.email);
    const link = newInvitationLink();
    const invitation = await renewInvitation(orgId, email, link);
    await sendInvitationEmail(orgId, invitation, link);
    return { status: 200, body: invitation };
  },

  'DELETE /api/organization/invitations/{email}': async (request) => {
    const { orgId } = request.principal();
    const email = parseParam(request, 'email', invitationCreateSchema.shape.email);
    await deleteInvitation(orgId, email);
    return { status: 204 };
  },
});

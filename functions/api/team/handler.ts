import { z } from 'zod';
import { invitationCreateSchema, memberUpdateSchema } from '../../../shared/schemas';
import type { UserItem } from '../../adapters/dynamodb/organizations';
import {
  createInvitation,
  deleteInvitation,
  listInvitations,
  listMembers,
  removeMember,
  updateMemberRole,
} from '../../adapters/dynamodb/team';
import { AppError, forbidden } from '../../core/errors/app-error';
import { administratorOf } from '../lib/administrator';
import { type ApiRequest, parseBody, parseParam, resourceHandler } from '../lib/http';

/** Members are keyed by their Cognito `sub` (a UUID); anything else cannot name a member. */
const userIdSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);

/** Managing the team is for administrators, by their role as stored now (never API keys). */
async function teamAdministrator(request: ApiRequest): Promise<UserItem> {
  const administrator = await administratorOf(request.principal());
  if (!administrator) throw forbidden('Only an administrator can manage the team');
  return administrator;
}

const displayName = (user: UserItem) =>
  [user.firstName, user.lastName].filter((part) => part?.trim()).join(' ') || user.email;

/** The organization's people and the invitations waiting for someone to sign up. */
export const handler = resourceHandler({
  'GET /api/organization/members': async (request) => {
    const items = await listMembers(request.principal().orgId);
    return { items, nextCursor: null, total: items.length };
  },

  'PUT /api/organization/members/{userId}': async (request) => {
    const { orgId } = await teamAdministrator(request);
    const userId = parseParam(request, 'userId', userIdSchema);
    const { role } = parseBody(request, memberUpdateSchema);
    return updateMemberRole(orgId, userId, role);
  },

  'DELETE /api/organization/members/{userId}': async (request) => {
    const administrator = await teamAdministrator(request);
    const userId = parseParam(request, 'userId', userIdSchema);
    if (userId === administrator.id)
      throw new AppError('input', 'cannot_remove_self', 'You cannot remove yourself');
    await removeMember(administrator.orgId, userId);
    return { status: 204 };
  },

  'GET /api/organization/invitations': async (request) => {
    const { orgId } = await teamAdministrator(request);
    const items = await listInvitations(orgId);
    return { items, nextCursor: null, total: items.length };
  },

  'POST /api/organization/invitations': async (request) => {
    const administrator = await teamAdministrator(request);
    const input = parseBody(request, invitationCreateSchema);
    const invitation = await createInvitation(administrator.orgId, {
      ...input,
      invitedBy: displayName(administrator),
    });
    return { status: 201, body: invitation };
  },

  'DELETE /api/organization/invitations/{email}': async (request) => {
    const { orgId } = await teamAdministrator(request);
    const email = parseParam(request, 'email', invitationCreateSchema.shape.email);
    await deleteInvitation(orgId, email);
    return { status: 204 };
  },
});

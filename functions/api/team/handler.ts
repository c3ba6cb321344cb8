import {
  inviteMember,
  listInvitations,
  resendInvitation,
  revokeInvitation,
} from '../../core/team/invitations';
import { changeMemberRole, listMembers, removeMember } from '../../core/team/members';
import { resourceHandler } from '../lib/http';
import { teamContract } from './contract';

/**
 * The organization's people and the invitations waiting for someone to sign up. Managing them is for
 * administrators (functions/api/lib/rights.ts); the authorizer reads the caller's role afresh on every call.
 */
export const handler = resourceHandler(teamContract, {
  'GET /api/organization/members': async (request) => {
    const items = await listMembers(request.principal().orgId);
    return { items, nextCursor: null, total: items.length };
  },

  'PUT /api/organization/members/{userId}': async (request) =>
    changeMemberRole(request.principal().orgId, request.params.userId, request.body.role),

  'DELETE /api/organization/members/{userId}': async (request) => {
    const { orgId, actorId } = request.principal();
    // Their API keys are revoked with them.
    await removeMember(orgId, request.params.userId, actorId);
    return { status: 204 };
  },

  'GET /api/organization/invitations': async (request) => {
    const items = await listInvitations(request.principal().orgId);
    return { items, nextCursor: null, total: items.length };
  },

  'POST /api/organization/invitations': async (request) => {
    const { orgId, actorId } = request.principal();
    return inviteMember(orgId, actorId, request.body);
  },

  'POST /api/organization/invitations/{email}/resend': async (request) =>
    resendInvitation(request.principal().orgId, request.params.email),

  'DELETE /api/organization/invitations/{email}': async (request) => {
    await revokeInvitation(request.principal().orgId, request.params.email);
    return { status: 204 };
  },
});

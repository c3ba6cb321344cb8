import * as z from 'zod';
import { invitationCreateSchema, memberUpdateSchema, pageOf } from '../../../shared/schemas';
import * as named from '../lib/components';
import { defineContract } from '../lib/contract';
import { read, TEAM } from '../lib/rights';

/** Members are keyed by their Cognito `sub` (a UUID); anything else cannot name a member. */
const userIdSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);

/** The routes of team: what each reads and answers (functions/api/lib/contract.ts). */
export const teamContract = defineContract({
  'GET /api/organization/members': {
    // Members see the team (as they see the keys' prefixes, webhooks and integrations) read-only.
    rule: read(),
    tag: 'Team',
    summary: 'The organization’s members, oldest first',
    success: 200,
    response: pageOf(named.Member),
  },
  'PUT /api/organization/members/{userId}': {
    rule: TEAM,
    tag: 'Team',
    summary: 'Change a member’s role (administrators; the last administrator stays one)',
    params: { userId: userIdSchema },
    body: memberUpdateSchema,
    success: 200,
    response: named.Member,
    errors: [400, 403, 409],
  },
  'DELETE /api/organization/members/{userId}': {
    rule: TEAM,
    tag: 'Team',
    summary: 'Remove a member (administrators; not yourself)',
    params: { userId: userIdSchema },
    success: 204,
    errors: [400, 403, 409],
  },
  'GET /api/organization/invitations': {
    rule: TEAM,
    tag: 'Team',
    summary: 'Pending invitations, newest first (administrators)',
    success: 200,
    response: pageOf(named.Invitation),
    errors: [403],
  },
  'POST /api/organization/invitations': {
    rule: TEAM,
    tag: 'Team',
    summary:
      'Invite an e-mail address (administrators) and send the invitation e-mail with a link valid 7 days; whoever signs up with the address and confirms it joins with the role while the invitation is pending and unexpired',
    body: invitationCreateSchema,
    success: 201,
    response: named.Invitation,
    errors: [400, 403, 409],
  },
  'POST /api/organization/invitations/{email}/resend': {
    rule: TEAM,
    tag: 'Team',
    summary:
      'Send the invitation e-mail again (administrators), with a new link valid 7 days; the old link stops working',
    params: { email: invitationCreateSchema.shape.email },
    success: 200,
    response: named.Invitation,
    errors: [403, 409],
  },
  'DELETE /api/organization/invitations/{email}': {
    rule: TEAM,
    tag: 'Team',
    summary: 'Revoke an invitation (administrators)',
    params: { email: invitationCreateSchema.shape.email },
    success: 204,
    errors: [403],
  },
});

import { invitationTokenSchema } from '../../../shared/schemas';
import { getOrganization } from '../../adapters/dynamodb/organizations';
import { findInvitationLink } from '../../adapters/dynamodb/team';
import { AppError } from '../../core/errors/app-error';
import { assertLinkOpen, hashLinkToken } from '../../core/team/invitation-link';
import { resourceHandler } from '../lib/http';
import { invitationLinksContract } from './contract';

/**
 * The join page's view of an invitation e-mail's link. Public: the person has no account yet. The token
 * is the credential (32 random bytes), looked up by its hash; a link that expired, was revoked, replaced
 * or already used answers 410 with what to do.
 */
export const handler = resourceHandler(invitationLinksContract, {
  'GET /api/invitations/{token}': async (request) => {
    const token = invitationTokenSchema.safeParse(request.params.token);
    const link = token.success ? await findInvitationLink(hashLinkToken(token.data)) : undefined;
    if (!link) throw new AppError('not_found', 'not_found', 'This invitation link is not valid');
    assertLinkOpen(link);
    const org = await getOrganization(link.orgId);
    return {
      organizationName: org.name,
      email: link.email,
      role: link.role,
      invitedBy: link.invitedBy,
      expiresAt: link.linkExpiresAt,
    };
  },
});

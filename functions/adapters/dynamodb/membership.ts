import type { Plan } from '../../../shared/constants';
import type { Membership, Role } from '../../../shared/schemas';
import { invitationExpiry, isExpired } from '../../core/team/invitation-link';
import { organizationItems } from './organizations';
import { type Identity, provisionUser } from './provisioning';
import { invitationsForEmail } from './team';
import { findUserBySub, removedMarkers } from './users';

/** Where a signed-in person stands before the API lets them in (see `membershipOf`). */
export type Standing =
  | { status: 'member'; orgId: string; userId: string }
  | (Membership & { status: 'removed' | 'invited' | 'unverified'; emailVerified: boolean });

/** The marker `removeMember` leaves: the organization the person was removed from. */
async function removedFrom(sub: string): Promise<string | undefined> {
  const marker = await removedMarkers.find([sub], { consistent: true });
  return marker ? String(marker.organizationName ?? 'the organization') : undefined;
}

/** The organizations whose unexpired invitations wait for the e-mail, newest first, with their names. */
async function pendingInvitations(
  email: string,
): Promise<{ organizationId: string; organizationName: string; role: Role }[]> {
  if (!email) return [];
  const pending = (await invitationsForEmail(email)).filter((i) => !isExpired(invitationExpiry(i)));
  return Promise.all(
    pending.map(async (invitation) => {
      const organization = await organizationItems.find([invitation.orgId]);
      return {
        organizationId: invitation.orgId,
        organizationName: String(organization?.name ?? 'An organization'),
        role: invitation.role,
      };
    }),
  );
}

/**
 * Where a signed-in person stands, deciding nothing for them that they did not choose. A member is a member.
 * Anyone else is provisioned on their own only in the plain case: a verified e-mail with no invitation and no
 * removal gets a new organization (they signed up for one). A person removed from an organization, a person
 * with a pending invitation and a person whose e-mail cannot be checked (so an invitation cannot be trusted
 * to be theirs) are asked instead: join the inviting organization (verified e-mail only) or create their own
 * (`POST /api/auth/membership`). Until then the API refuses them (functions/api/lib/principal.ts).
 */
export async function membershipOf(
  identity: Identity,
  options: { trialPlan?: Plan | null } = {},
): Promise<Standing> {
  const found = await findUserBySub(identity.sub);
  if (found) return { status: 'member', ...found };
  const [removed, invitations] = await Promise.all([
    removedFrom(identity.sub),
    pendingInvitations(identity.email),
  ]);
  const emailVerified = identity.emailVerified === true;
  const asked = { organizationName: null, emailVerified, invitations };
  if (removed) return { ...asked, status: 'removed', organizationName: removed };
  if (!emailVerified) return { ...asked, status: 'unverified' };
  if (invitations.length) return { ...asked, status: 'invited' };
  return { status: 'member', ...(await provisionUser(identity, options)) };
}

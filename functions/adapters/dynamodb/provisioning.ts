import { ulid } from 'ulid';
import { DEFAULT_PLAN, type Plan } from '../../../shared/constants';
import { AppError } from '../../core/errors/app-error';
import { trialEndOf } from '../../core/plans/trial';
import { invitationExpiry, isExpired } from '../../core/team/invitation-link';
import { ROLE_MODEL } from '../../core/team/roles';
import { logError } from '../observability/logger';
import { ensureDefaultCategories } from './categories';
import { nowIso, tableName } from './client';
import { tryTransact } from './entity';
import { keys } from './keys';
import { type OrganizationItem, organizationItems, slugGuards } from './organizations';
import { deleteInvitation, invitationDeletes, invitationsForEmail, linkClosing } from './team';
import { findUserBySub, removedMarkers, subLookups, type UserItem, userItems } from './users';

/** Each of a new member's items is written only if absent, so two concurrent first calls make one. */
const absent = { ConditionExpression: 'attribute_not_exists(PK)' };

export interface Identity {
  sub: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  /**
   * Whether the identity provider vouches for the e-mail (the ID token's `email_verified`). Only a verified
   * address may accept an invitation: anyone can sign up with an address they do not own.
   */
  emailVerified?: boolean;
}

/** A slug made from a display name: lowercase letters, digits and hyphens. */
export function slugify(text: string): string {
  const slug = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return slug || 'org';
}

function defaultOrgName(identity: Identity): string {
  const first = identity.firstName?.trim();
  if (first) return `${first}'s Organization`;
  return `${identity.email.split('@')[0]}'s Organization`;
}

/**
 * Gives a person a new organization of their own (plan STARTER, or a 14-day trial of the plan they signed up
 * to try; the person as ADMIN, a unique slug). It never joins an invitation: joining is the person's explicit
 * choice (`joinInvitedOrganization`), and the authorizer calls this on its own only for a verified e-mail
 * with nothing pending (functions/adapters/dynamodb/membership.ts). Idempotent under races: the sub lookup
 * is written with a condition, so two concurrent first calls end with one user in one organization.
 */
export async function provisionUser(
  identity: Identity,
  options: { orgName?: string; slug?: string; orgId?: string; plan?: Plan; trialPlan?: Plan | null } = {},
): Promise<{ orgId: string; userId: string }> {
  const existing = await findUserBySub(identity.sub);
  if (existing) return existing;
  const orgId = options.orgId ?? ulid();
  const now = nowIso();
  const name = options.orgName ?? defaultOrgName(identity);
  const baseSlug = options.slug ?? slugify(name.replace(/'s organization$/i, ''));
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = attempt === 0 ? baseSlug : `${baseSlug}-${ulid().slice(-5).toLowerCase()}`;
    const org: OrganizationItem = {
      id: orgId,
      name,
      slug,
      // A sign-up from "Start Free Trial" of a plan tries it for 14 days (core/plans/trial).
      ...(options.trialPlan
        ? { plan: options.trialPlan, status: 'TRIAL' as const, trialEndsAt: trialEndOf(now) }
        : { plan: options.plan ?? DEFAULT_PLAN, status: 'ACTIVE' as const }),
      createdAt: now,
      updatedAt: now,
      version: 1,
    };
    const member = newMemberWrites(identity, orgId, 'ADMIN', now);
    const created = await tryTransact([
      member.subLookup,
      slugGuards.tx.put([slug], { orgId }, absent),
      organizationItems.tx.put([orgId], org, absent),
      member.user,
      member.userCount,
      member.removedMarkerDelete,
    ]);
    if (created) {
      // Best effort: listing categories seeds them lazily too, so a failure here must not fail sign-in.
      await ensureDefaultCategories(orgId).catch((error) =>
        logError('Category seeding failed', error, { orgId }),
      );
      return { orgId, userId: identity.sub };
    }
    const raced = await findUserBySub(identity.sub);
    if (raced) return raced;
    // Otherwise the slug was taken: try again with a suffix.
  }
  throw new AppError('conflict', 'slug_taken', 'Could not find a free organization slug');
}

/**
 * The writes that make an identity a member of an organization: its sub lookup and its user item (both
 * only if absent, so two concurrent first calls make one user) and one more user in the count.
 */
function newMemberWrites(identity: Identity, orgId: string, role: UserItem['role'], now: string) {
  const user: UserItem = {
    id: identity.sub,
    orgId,
    email: identity.email,
    firstName: identity.firstName ?? null,
    lastName: identity.lastName ?? null,
    profileImageUrl: null,
    role,
    roleModel: ROLE_MODEL,
    createdAt: now,
    updatedAt: now,
  };
  return {
    subLookup: subLookups.tx.put([identity.sub], { orgId, userId: identity.sub }, absent),
    user: userItems.tx.put([orgId, user.id], user, absent),
    userCount: {
      Update: {
        TableName: tableName(),
        Key: keys.stats(orgId, 'TOTALS'),
        UpdateExpression: 'ADD userCount :one',
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
    // A person removed before is a member again: their token works from now on.
    removedMarkerDelete: removedMarkers.tx.delete([identity.sub]),
  };
}

/**
 * Accepts the person's unexpired invitation from `orgId` (the newest one when none is named), as they chose
 * on the join page: the sub lookup, the user item with the invited role, one more user in the organization's
 * count and the deletion of the invitation's two items, in one transaction. Only a verified e-mail may
 * accept (anyone can sign up with an address they do not own). The invitation must still exist when it
 * commits, so a revoked invitation lets nobody in. Undefined when no such invitation is (still) pending.
 * Invitations from other organizations are then dropped: a person belongs to one organization, so those
 * could never be accepted and would only stay pending on the other organizations' team pages.
 */
export async function joinInvitedOrganization(
  identity: Identity,
  orgId?: string,
): Promise<{ orgId: string; userId: string } | undefined> {
  if (!identity.emailVerified || !identity.email) return undefined;
  const email = identity.email.trim().toLowerCase();
  for (let attempt = 0; attempt < 3; attempt++) {
    // An expired invitation admits nobody: its link says so, and the administrator can re-send it.
    const pending = (await invitationsForEmail(email)).filter((i) => !isExpired(invitationExpiry(i)));
    const invitation = pending.find((i) => !orgId || i.orgId === orgId);
    const others = pending.filter((i) => i !== invitation);
    if (!invitation) return undefined;
    const member = newMemberWrites(identity, invitation.orgId, invitation.role, nowIso());
    if (
      !(await tryTransact([
        member.subLookup,
        member.user,
        member.userCount,
        member.removedMarkerDelete,
        ...invitationDeletes(invitation.orgId, email),
        ...linkClosing(invitation.tokenHash, 'ACCEPTED'),
      ]))
    ) {
      const raced = await findUserBySub(identity.sub);
      if (raced) return raced;
      // Otherwise the invitation was revoked meanwhile: look at what is still pending.
      continue;
    }
    await Promise.all(
      others.map((other) =>
        deleteInvitation(other.orgId, other.email).catch((error) =>
          logError('Dropping another invitation failed', error, { orgId: other.orgId }),
        ),
      ),
    );
    return { orgId: invitation.orgId, userId: identity.sub };
  }
  return undefined;
}

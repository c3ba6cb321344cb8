import type { Role, User } from '../../../shared/schemas';
import { notFound } from '../../core/errors/app-error';
import type { ROLE_MODEL } from '../../core/team/roles';
import { nowIso } from './client';
import { itemKind } from './entity';
import { keys } from './keys';
import type { OrganizationItem } from './organizations';

export interface UserItem {
  id: string;
  orgId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: Role;
  /** Set on items written since the four roles (core/team/roles: a MEMBER without it is a migrated APPROVER). */
  roleModel?: typeof ROLE_MODEL;
  createdAt: string;
  updatedAt: string;
}

/** A member of an organization (`ORG#<org>` / `USER#<id>`; the id is their Cognito sub). */
export const userItems = itemKind<UserItem>()({ key: keys.user, entity: 'User' });

/** A Cognito sub → the organization and user it is (written with the user item). */
export const subLookups = itemKind<{ orgId: string; userId: string }>()({ key: keys.subLookup });

/** A person removed from an organization (its name), until they join or create one. */
export const removedMarkers = itemKind<{ orgId: string; organizationName: string; removedAt: string }>()({
  key: keys.removedMember,
});

export async function getUser(orgId: string, userId: string): Promise<UserItem> {
  // Answered as stored, keys included, as it always was.
  const item = await userItems.read([orgId, userId]);
  if (!item) throw notFound('User');
  return item as unknown as UserItem;
}

/** The user a Cognito `sub` belongs to, or undefined before their first call. */
export async function findUserBySub(sub: string): Promise<{ orgId: string; userId: string } | undefined> {
  const lookup = await subLookups.find([sub]);
  return lookup ? { orgId: lookup.orgId, userId: lookup.userId } : undefined;
}

export function toUser(user: UserItem, org: OrganizationItem): User {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    organization: { id: org.id, name: org.name, plan: org.plan },
  };
}

export async function updateProfile(
  orgId: string,
  userId: string,
  input: { firstName: string; lastName: string; email: string },
): Promise<UserItem> {
  const updated = await userItems.update([orgId, userId], {
    UpdateExpression: 'SET firstName = :f, lastName = :l, email = :e, updatedAt = :now',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: {
      ':f': input.firstName,
      ':l': input.lastName,
      ':e': input.email,
      ':now': nowIso(),
    },
    ReturnValues: 'ALL_NEW',
  });
  return updated as unknown as UserItem;
}

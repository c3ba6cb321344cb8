import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role, User } from '../../../shared/schemas';
import { notFound } from '../../core/errors/app-error';
import type { ROLE_MODEL } from '../../core/team/roles';
import { db, nowIso, tableName } from './client';
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

export async function getUser(orgId: string, userId: string): Promise<UserItem> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.user(orgId, userId) }));
  if (!Item) throw notFound('User');
  return Item as unknown as UserItem;
}

/** The user a Cognito `sub` belongs to, or undefined before their first call. */
export async function findUserBySub(sub: string): Promise<{ orgId: string; userId: string } | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.subLookup(sub) }));
  return Item ? { orgId: Item.orgId as string, userId: Item.userId as string } : undefined;
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
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(orgId, userId),
      UpdateExpression: 'SET firstName = :f, lastName = :l, email = :e, updatedAt = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: {
        ':f': input.firstName,
        ':l': input.lastName,
        ':e': input.email,
        ':now': nowIso(),
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return Attributes as unknown as UserItem;
}

import type { Invitation, Member } from '../../../shared/schemas';
import { conflict, notFound } from '../../core/errors/app-error';
import {
  type InvitationLink,
  invitationExpiry,
  isExpired,
  type LinkState,
} from '../../core/team/invitation-link';
import { isLegacyMember, ROLE_MODEL, teamChangedMeanwhile, withCurrentRole } from '../../core/team/roles';
import { apiKeyDeletesOfCreator } from './api-keys';
import { nowIso, queryAll, tableName } from './client';
import { itemKind, type TransactItems, transact, tryTransact } from './entity';
import { keys, sortKeyStartsWith } from './keys';
import { organizationItems } from './organizations';
import { TTL_ATTRIBUTE } from './table-definition';
import { removedMarkers, subLookups, type UserItem, userItems } from './users';

type Role = UserItem['role'];

/**
 * An invitation is stored twice, with the same attributes: under its organization (`ORG#` / `INVITE#email`)
 * for the team page, and under the e-mail (`INVITE#email` / `ORG#`) so a new user's first call finds every
 * organization that invited them with one query. Both are written and deleted in one transaction.
 */
export interface InvitationItem {
  orgId: string;
  /** Trimmed and lower-cased (invitationCreateSchema), so the same address is always the same key. */
  email: string;
  role: Role;
  roleModel?: typeof ROLE_MODEL;
  invitedBy: string;
  createdAt: string;
  /** The SHA-256 of the current e-mail link's token (absent on invitations sent before links existed). */
  tokenHash?: string;
  /** When the current link stops working (ISO); see core/team/invitation-link. */
  linkExpiresAt?: string;
}

/**
 * An e-mail link (`INVITE_LINK#<sha256>`): which invitation it opens and what became of it, so the join
 * page can say that a link expired, was revoked or replaced. Kept 30 days past its expiry (table TTL).
 */
export interface InvitationLinkItem {
  orgId: string;
  email: string;
  role: Role;
  invitedBy: string;
  state: LinkState;
  linkExpiresAt: string;
}

/** Team items are read as stored, keys included, as they always were. */
const invitations = itemKind<InvitationItem>()({ key: keys.invitation, entity: 'Invitation' });
const invitationsByEmail = itemKind<InvitationItem>()({
  key: keys.invitationByEmail,
  entity: 'InvitationByEmail',
});
const invitationLinks = itemKind<InvitationLinkItem>()({
  key: keys.invitationLink,
  entity: 'InvitationLink',
});

/** How long a link item outlives its expiry before the table's TTL removes it. */
const LINK_KEPT_AFTER_EXPIRY_S = 30 * 86_400;

/**
 * Rewrites a legacy MEMBER user item as an APPROVER (core/team/roles; once: only while it is still the
 * legacy MEMBER).
 */
async function migratedUser(user: UserItem): Promise<UserItem> {
  if (!isLegacyMember(user)) return user;
  const key: [string, string] = [user.orgId, user.id];
  const migrated = await userItems.updateIf(key, {
    UpdateExpression: 'SET #role = :approver, roleModel = :model',
    ConditionExpression: '#role = :member AND attribute_not_exists(roleModel)',
    ExpressionAttributeNames: { '#role': 'role' },
    ExpressionAttributeValues: { ':approver': 'APPROVER', ':member': 'MEMBER', ':model': ROLE_MODEL },
    ReturnValues: 'ALL_NEW',
  });
  if (migrated) return migrated as unknown as UserItem;
  // Another reader migrated it, or the role was changed meanwhile: what is stored now is current.
  return (await userItems.read(key, { consistent: true })) as UserItem;
}

const toMember = (user: UserItem): Member => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName ?? null,
  lastName: user.lastName ?? null,
  role: user.role,
  createdAt: user.createdAt,
});

const toInvitation = (item: InvitationItem): Invitation => {
  const expiresAt = invitationExpiry(item);
  return {
    email: item.email,
    role: item.role,
    invitedBy: item.invitedBy,
    createdAt: item.createdAt,
    expiresAt,
    expired: isExpired(expiresAt),
  };
};

async function memberItems(orgId: string): Promise<UserItem[]> {
  const items = await queryAll({
    ...sortKeyStartsWith(keys.orgPk(orgId), keys.userPrefix),
    ConsistentRead: true,
  });
  return Promise.all((items as unknown as UserItem[]).map(migratedUser));
}

/** A member's user item as stored now (a consistent read), or undefined when they are not a member. */
export async function memberItem(orgId: string, userId: string): Promise<UserItem | undefined> {
  const item = await userItems.read([orgId, userId], { consistent: true });
  return item ? migratedUser(item as UserItem) : undefined;
}

/** A member as stored now (a consistent read, migrated), or undefined when they are not a member. */
export async function findMember(orgId: string, userId: string): Promise<Member | undefined> {
  const item = await memberItem(orgId, userId);
  return item && toMember(item);
}

/** Every member of the organization, oldest first (sort keys are Cognito subs, so order by createdAt). */
export async function listMembers(orgId: string): Promise<Member[]> {
  const members = await memberItems(orgId);
  members.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  return members.map(toMember);
}

/**
 * The condition check a demotion or removal of an administrator carries: the administrator who stays one
 * (core/team/roles administratorWhoStays) still is at the commit. Two administrators demoting each other at
 * the same moment cannot leave the organization with none: the transactions touch both items and cannot
 * both commit.
 */
const administratorStays = (orgId: string, administratorId: string | undefined): TransactItems =>
  administratorId
    ? [
        userItems.tx.check([orgId, administratorId], {
          ConditionExpression: '#role = :admin',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: { ':admin': 'ADMIN' },
        }),
      ]
    : [];

/**
 * Gives the member `role` if their role is still the one read (`member.role`) and the administrator who
 * stays is still one; false when a concurrent change came first (read afresh and decide again).
 */
export async function writeMemberRole(
  orgId: string,
  member: Member,
  role: Role,
  administratorWhoStays: string | undefined,
): Promise<boolean> {
  return tryTransact([
    userItems.tx.update([orgId, member.id], {
      UpdateExpression: 'SET #role = :role, roleModel = :model, updatedAt = :now',
      // The role read still holds, so the guard chosen for it is still the right one.
      ConditionExpression: '#role = :current',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: {
        ':role': role,
        ':current': member.role,
        ':model': ROLE_MODEL,
        ':now': nowIso(),
      },
    }),
    ...administratorStays(orgId, administratorWhoStays),
  ]);
}

/** DynamoDB's limit on the items of one transaction. */
const MAX_TRANSACTION_ITEMS = 100;

/** The organization's name, for the words a removed member is refused with. */
async function organizationNameOf(orgId: string): Promise<string> {
  const name = (await organizationItems.find([orgId]))?.name;
  return typeof name === 'string' ? name : 'the organization';
}

/**
 * Removes a member: their user item, their sub lookup, one from the organization's user count and the API
 * keys they created, in one transaction, with a marker naming the organization they left. Keys beyond what
 * one transaction holds are revoked just before, so a failure in between leaves keys revoked, never a removed
 * member's key working. Their token is then refused ("You are no longer a member of …") until they choose to
 * join an organization that invites them or create their own. Like writeMemberRole, it holds only while the
 * role read and the administrator who stays are unchanged; false when a concurrent change came first.
 */
export async function deleteMember(
  orgId: string,
  member: Member,
  administratorWhoStays: string | undefined,
): Promise<boolean> {
  const userId = member.id;
  const keyDeletes = await apiKeyDeletesOfCreator(orgId, userId);
  const organizationName = await organizationNameOf(orgId);
  const room = MAX_TRANSACTION_ITEMS - 5;
  while (keyDeletes.length > room) await transact(keyDeletes.splice(0, room));
  return tryTransact([
    userItems.tx.delete([orgId, userId], {
      ConditionExpression: '#role = :current',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':current': member.role },
    }),
    subLookups.tx.delete([userId], {
      // Never delete a lookup that points at another organization.
      ConditionExpression: 'attribute_not_exists(PK) OR orgId = :org',
      ExpressionAttributeValues: { ':org': orgId },
    }),
    // Until they join or create an organization, the person's token is refused with this name
    // (functions/adapters/dynamodb/membership.ts), never provisioned anew on its own.
    removedMarkers.tx.put([userId], { orgId, organizationName, removedAt: nowIso() }),
    {
      Update: {
        TableName: tableName(),
        Key: keys.stats(orgId, 'TOTALS'),
        UpdateExpression: 'ADD userCount :minusOne',
        ExpressionAttributeValues: { ':minusOne': -1 },
      },
    },
    ...administratorStays(orgId, administratorWhoStays),
    ...keyDeletes,
  ]);
}

/** The organization's pending invitations, newest first. */
export async function listInvitations(orgId: string): Promise<Invitation[]> {
  const items = (await queryAll({
    ...sortKeyStartsWith(keys.orgPk(orgId), keys.invitationPrefix),
    ConsistentRead: true,
  })) as unknown as InvitationItem[];
  return newestFirst(items.map(withCurrentRole)).map(toInvitation);
}

const newestFirst = (items: InvitationItem[]) =>
  items.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.orgId.localeCompare(b.orgId));

/** The link item a new (or re-sent) invitation e-mail carries, for a transaction. */
function linkPut(item: InvitationItem, link: InvitationLink): TransactItems[number] {
  const linkItem: InvitationLinkItem = {
    orgId: item.orgId,
    email: item.email,
    role: item.role,
    invitedBy: item.invitedBy,
    state: 'PENDING',
    linkExpiresAt: link.expiresAt,
  };
  return invitationLinks.tx.put(
    [link.tokenHash],
    {
      ...linkItem,
      [TTL_ATTRIBUTE]: Math.floor(Date.parse(link.expiresAt) / 1000) + LINK_KEPT_AFTER_EXPIRY_S,
    },
    { ConditionExpression: 'attribute_not_exists(PK)' },
  );
}

/**
 * Closes an e-mail link (revoked, replaced by a newer one, or accepted), for a transaction; nothing for an
 * invitation sent before links existed.
 */
export function linkClosing(
  tokenHash: string | undefined,
  state: Exclude<LinkState, 'PENDING' | 'EXPIRED'>,
): TransactItems {
  if (!tokenHash) return [];
  return [
    invitationLinks.tx.update([tokenHash], {
      UpdateExpression: 'SET #state = :state',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':state': state },
    }),
  ];
}

/**
 * Stores an invitation with the link of the e-mail about to be sent (core/team/invitations decides it may
 * be sent); refused when this organization already invited the address.
 */
export async function putInvitation(
  orgId: string,
  input: { email: string; role: Role; invitedBy: string },
  link: InvitationLink,
): Promise<Invitation> {
  const item: InvitationItem = {
    orgId,
    ...input,
    roleModel: ROLE_MODEL,
    createdAt: nowIso(),
    tokenHash: link.tokenHash,
    linkExpiresAt: link.expiresAt,
  };
  await transact(
    [
      invitations.tx.put([orgId, item.email], item, { ConditionExpression: 'attribute_not_exists(PK)' }),
      invitationsByEmail.tx.put([item.email, orgId], item, {
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
      linkPut(item, link),
    ],
    () => conflict('invitation_exists', `${input.email} has already been invited`),
  );
  return toInvitation(item);
}

/** The organization's pending invitation of an e-mail address, or 404. */
async function invitationItem(orgId: string, email: string): Promise<InvitationItem> {
  const item = await invitations.read([orgId, email], { consistent: true });
  if (!item) throw notFound('Invitation');
  return item as unknown as InvitationItem;
}

/**
 * Gives a pending invitation a new link (and a new expiry) for the e-mail about to be re-sent; the old
 * link then says a newer one was sent. Answers the invitation as it is now.
 */
export async function renewInvitation(
  orgId: string,
  email: string,
  link: InvitationLink,
): Promise<Invitation> {
  const before = await invitationItem(orgId, email);
  const after: InvitationItem = { ...before, tokenHash: link.tokenHash, linkExpiresAt: link.expiresAt };
  const renewal = {
    UpdateExpression: 'SET tokenHash = :hash, linkExpiresAt = :expires',
    // Unchanged since read: a concurrent resend or revoke makes this one fail instead of racing it.
    ConditionExpression: before.tokenHash ? 'tokenHash = :before' : 'attribute_exists(PK)',
    ExpressionAttributeValues: {
      ':hash': link.tokenHash,
      ':expires': link.expiresAt,
      ...(before.tokenHash ? { ':before': before.tokenHash } : {}),
    },
  };
  await transact(
    [
      invitations.tx.update([orgId, email], renewal),
      invitationsByEmail.tx.update([email, orgId], renewal),
      ...linkClosing(before.tokenHash, 'REPLACED'),
      linkPut(after, link),
    ],
    teamChangedMeanwhile,
  );
  return toInvitation(after);
}

/** The e-mail link with this token hash, or undefined when there is none (or it was removed). */
export async function findInvitationLink(tokenHash: string): Promise<InvitationLinkItem | undefined> {
  return (await invitationLinks.read([tokenHash], { consistent: true })) as InvitationLinkItem | undefined;
}

/**
 * The deletes of both items of an invitation, each conditional on the item existing, for a transaction:
 * revoking it, or accepting it on sign-up (where a revoked invitation must not let anyone in).
 */
export function invitationDeletes(orgId: string, email: string): TransactItems {
  return [
    invitations.tx.delete([orgId, email], { ConditionExpression: 'attribute_exists(PK)' }),
    invitationsByEmail.tx.delete([email, orgId], { ConditionExpression: 'attribute_exists(PK)' }),
  ];
}

/** Revokes an invitation (both items); its e-mail link then says it was revoked. */
export async function deleteInvitation(orgId: string, email: string): Promise<void> {
  const { tokenHash } = await invitationItem(orgId, email);
  await transact([...invitationDeletes(orgId, email), ...linkClosing(tokenHash, 'REVOKED')], () =>
    notFound('Invitation'),
  );
}

/** Every organization's pending invitation for an e-mail address, newest first. */
export async function invitationsForEmail(email: string): Promise<InvitationItem[]> {
  const items = (await queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.invitationsOfEmailPk(email.trim().toLowerCase()) },
    ConsistentRead: true,
  })) as unknown as InvitationItem[];
  return newestFirst(items.map(withCurrentRole));
}

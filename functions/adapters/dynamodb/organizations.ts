import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import {
  DEFAULT_PLAN,
  PLAN_MONTHLY_API_QUOTA,
  PLAN_MONTHLY_INVOICE_LIMIT,
  type Plan,
} from '../../../shared/constants';
import {
  AUTO_APPROVE_OFF,
  type AutoApprove,
  DEFAULT_CURRENCY,
  type Organization,
  type Role,
  type User,
} from '../../../shared/schemas';
import { AppError, conflict, notFound } from '../../core/errors/app-error';
import { invitationExpiry, isExpired } from '../../core/team/invitation-link';
import { env } from '../../env';
import { logError } from '../observability/logger';
import { ensureDefaultCategories } from './categories';
import { db, isConditionFailure, nowIso, tableName } from './client';
import { keys, monthOf } from './keys';
import { deleteInvitation, invitationDeletes, invitationsForEmail, linkClosing, ROLE_MODEL } from './team';

export interface OrganizationItem {
  id: string;
  name: string;
  slug: string;
  plan: Plan;
  status: 'ACTIVE' | 'TRIAL' | 'SUSPENDED';
  /** ISO 4217; absent on organizations created before the setting existed (then USD). */
  defaultCurrency?: string;
  /** Absent means off. */
  autoApprove?: AutoApprove;
  createdAt: string;
  updatedAt: string;
  version: number;
  /** Local part of the invoice inbox address; set on first read (see inboxes.ts). */
  inboxLocalPart?: string;
  /** Senders the inbox accepts (addresses or domains); absent or empty accepts everyone. */
  inboxAllowedSenders?: string[];
}

/** The organization's processing settings, with their defaults filled in. */
export function orgSettings(org: Pick<OrganizationItem, 'defaultCurrency' | 'autoApprove'>): {
  defaultCurrency: string;
  autoApprove: AutoApprove;
} {
  return {
    defaultCurrency: org.defaultCurrency ?? DEFAULT_CURRENCY,
    autoApprove: org.autoApprove ?? AUTO_APPROVE_OFF,
  };
}

/** The organization's default currency (one item read). */
export async function defaultCurrencyOf(orgId: string): Promise<string> {
  return orgSettings(await getOrganization(orgId)).defaultCurrency;
}

export interface UserItem {
  id: string;
  orgId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: Role;
  /** Set on items written since the four roles (team.ts: a MEMBER without it is a migrated APPROVER). */
  roleModel?: typeof ROLE_MODEL;
  createdAt: string;
  updatedAt: string;
}

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

export async function getOrganization(orgId: string): Promise<OrganizationItem> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.org(orgId) }));
  if (!Item) throw notFound('Organization');
  return Item as unknown as OrganizationItem;
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
 * Provisions a user on their first authenticated call. A verified e-mail with pending invitations joins the
 * organization of the newest one, with its role; anyone else gets a new organization (plan STARTER, the
 * user as ADMIN, a unique slug). Idempotent under races: the sub lookup is written with a condition, so two
 * concurrent first calls end with one user in one organization.
 */
export async function provisionUser(
  identity: Identity,
  options: { orgName?: string; slug?: string; orgId?: string; plan?: Plan } = {},
): Promise<{ orgId: string; userId: string }> {
  const existing = await findUserBySub(identity.sub);
  if (existing) return existing;
  if (identity.emailVerified && identity.email) {
    const joined = await joinInvitedOrganization(identity);
    if (joined) return joined;
  }
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
      plan: options.plan ?? DEFAULT_PLAN,
      status: 'ACTIVE',
      createdAt: now,
      updatedAt: now,
      version: 1,
    };
    const member = newMemberWrites(identity, orgId, 'ADMIN', now);
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            member.subLookup,
            {
              Put: {
                TableName: tableName(),
                Item: { ...keys.slug(slug), orgId },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            {
              Put: {
                TableName: tableName(),
                Item: { ...keys.org(orgId), entity: 'Organization', ...org },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            member.user,
            member.userCount,
          ],
        }),
      );
      // Best effort: listing categories seeds them lazily too, so a failure here must not fail sign-in.
      await ensureDefaultCategories(orgId).catch((error) =>
        logError('Category seeding failed', error, { orgId }),
      );
      return { orgId, userId: identity.sub };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const raced = await findUserBySub(identity.sub);
      if (raced) return raced;
      // Otherwise the slug was taken: try again with a suffix.
    }
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
    subLookup: {
      Put: {
        TableName: tableName(),
        Item: { ...keys.subLookup(identity.sub), orgId, userId: identity.sub },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    user: {
      Put: {
        TableName: tableName(),
        Item: { ...keys.user(orgId, user.id), entity: 'User', ...user },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    userCount: {
      Update: {
        TableName: tableName(),
        Key: keys.stats(orgId, 'TOTALS'),
        UpdateExpression: 'ADD userCount :one',
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
  };
}

/**
 * Accepts the newest unexpired invitation for the identity's e-mail: the sub lookup, the user item with the invited
 * role, one more user in the organization's count and the deletion of the invitation's two items, in one
 * transaction. The invitation must still exist when it commits, so a revoked invitation lets nobody in.
 * Undefined when no invitation is (still) pending. Invitations from other organizations are then dropped:
 * a person belongs to one organization and is provisioned once, so those could never be accepted and would
 * only stay pending on the other organizations' team pages.
 */
async function joinInvitedOrganization(
  identity: Identity,
): Promise<{ orgId: string; userId: string } | undefined> {
  const email = identity.email.trim().toLowerCase();
  for (let attempt = 0; attempt < 3; attempt++) {
    // An expired invitation admits nobody: its link says so, and the administrator can re-send it.
    const pending = (await invitationsForEmail(email)).filter((i) => !isExpired(invitationExpiry(i)));
    const [invitation, ...others] = pending;
    if (!invitation) return undefined;
    const member = newMemberWrites(identity, invitation.orgId, invitation.role, nowIso());
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            member.subLookup,
            member.user,
            member.userCount,
            ...invitationDeletes(invitation.orgId, email),
            ...linkClosing(invitation.tokenHash, 'ACCEPTED'),
          ],
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
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

/**
 * Renames an organization; a new slug claims its guard item and releases the old one in the same
 * transaction, so slugs stay unique across organizations.
 */
export async function updateOrganization(
  orgId: string,
  input: { name: string; slug: string; plan?: Plan; defaultCurrency?: string; autoApprove?: AutoApprove },
): Promise<OrganizationItem> {
  const current = await getOrganization(orgId);
  const now = nowIso();
  const next: OrganizationItem = {
    ...current,
    name: input.name,
    slug: input.slug,
    plan: input.plan ?? current.plan,
    ...(input.defaultCurrency ? { defaultCurrency: input.defaultCurrency } : {}),
    ...(input.autoApprove ? { autoApprove: input.autoApprove } : {}),
    updatedAt: now,
    version: current.version + 1,
  };
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.org(orgId), entity: 'Organization', ...next },
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': current.version },
      },
    },
  ];
  if (input.slug !== current.slug) {
    items.push(
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.slug(input.slug), orgId },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Delete: {
          TableName: tableName(),
          Key: keys.slug(current.slug),
          ConditionExpression: 'orgId = :org',
          ExpressionAttributeValues: { ':org': orgId },
        },
      },
    );
  }
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    if (reasons[1]?.Code === 'ConditionalCheckFailed')
      throw conflict('slug_taken', 'This slug is already taken');
    throw conflict('stale_version', 'The organization was changed by someone else; reload and try again');
  }
  return next;
}

/** Plan changes go through the admin command (`npm run admin -- set-plan`), not the app. */
export async function setPlanBySlug(slug: string, plan: Plan): Promise<OrganizationItem> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.slug(slug) }));
  if (!Item) throw notFound(`Organization with slug ${slug}`);
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.org(Item.orgId as string),
      UpdateExpression: 'SET #plan = :p, updatedAt = :now ADD version :one',
      ExpressionAttributeNames: { '#plan': 'plan' },
      ExpressionAttributeValues: { ':p': plan, ':now': nowIso(), ':one': 1 },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return Attributes as unknown as OrganizationItem;
}

export interface Usage {
  invoices: number;
  apiCalls: number;
}

export async function getUsage(orgId: string, month = monthOf(nowIso())): Promise<Usage> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.usage(orgId, month) }));
  return { invoices: (Item?.invoices as number) ?? 0, apiCalls: (Item?.apiCalls as number) ?? 0 };
}

/**
 * Counts one API-key call against this month's usage (shown as apiUsed / apiQuota), unless the month's
 * `quota` is used up: then nothing is counted and the answer is false. One conditional write, so
 * concurrent calls can never go past the quota.
 */
export async function countApiCall(orgId: string, quota: number): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.usage(orgId, monthOf(nowIso())),
        UpdateExpression: 'ADD apiCalls :one',
        ConditionExpression: 'attribute_not_exists(apiCalls) OR apiCalls < :quota',
        ExpressionAttributeValues: { ':one': 1, ':quota': quota },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export interface OrganizationCounts {
  totalUsers: number;
  totalInvoices: number;
  totalProperties: number;
  totalVendors: number;
}

/**
 * The organization page's tiles, from the TOTALS aggregate: users are counted at provisioning, invoices
 * by every invoice write, vendors and properties in the same transaction as their create and delete.
 */
export async function getOrganizationCounts(orgId: string): Promise<OrganizationCounts> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.stats(orgId, 'TOTALS'), ConsistentRead: true }),
  );
  const n = (field: string) => Math.max(0, Number(Item?.[field] ?? 0));
  return {
    totalUsers: n('userCount'),
    totalInvoices: n('invoiceCount'),
    totalProperties: n('propertyCount'),
    totalVendors: n('vendorCount'),
  };
}

export function toOrganization(
  org: OrganizationItem,
  usage: Usage,
  counts: { totalUsers: number; totalInvoices: number; totalProperties: number; totalVendors: number },
): Organization {
  return {
    id: org.id,
    name: org.name,
    slug: org.slug,
    plan: org.plan,
    status: org.status,
    apiUsed: usage.apiCalls,
    apiQuota: PLAN_MONTHLY_API_QUOTA[org.plan],
    invoicesThisMonth: usage.invoices,
    invoiceLimit: PLAN_MONTHLY_INVOICE_LIMIT[org.plan],
    ...orgSettings(org),
    createdAt: org.createdAt,
    updatedAt: org.updatedAt,
    stats: counts,
    inboxAddress: org.inboxLocalPart ? inboxAddressOf(org.inboxLocalPart) : null,
    inboxAllowedSenders: org.inboxAllowedSenders ?? [],
  };
}

export function inboxAddressOf(localPart: string): string {
  return `${localPart}@${env().INBOX_DOMAIN}`;
}

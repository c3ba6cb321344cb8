import { PLAN_MONTHLY_API_QUOTA, PLAN_MONTHLY_INVOICE_LIMIT, type Plan } from '../../../shared/constants';
import type { AutoApprove, Organization } from '../../../shared/schemas';
import { conflict, notFound } from '../../core/errors/app-error';
import { type OrganizationItem, orgSettings } from '../../core/organizations/organization';
import { withTrialResolved } from '../../core/plans/trial';
import { env } from '../../env';
import type { OrganizationCounts } from './aggregates';
import { nowIso } from './client';
import { itemKind, type TransactItems, transact } from './entity';
import { keys } from './keys';
import type { Usage } from './usage';

export type { OrganizationItem } from '../../core/organizations/organization';
export { orgSettings } from '../../core/organizations/organization';

/** The organization item (`ORG#<org>` / `ORG`): its name, plan, settings and inbox. */
export const organizationItems = itemKind<OrganizationItem>()({ key: keys.org, entity: 'Organization' });

/** A slug → the organization holding it: the guard that keeps slugs unique. */
export const slugGuards = itemKind<{ orgId: string }>()({ key: keys.slug });

/** The organization's default currency (one item read). */
export async function defaultCurrencyOf(orgId: string): Promise<string> {
  return orgSettings(await getOrganization(orgId)).defaultCurrency;
}

export async function getOrganization(orgId: string): Promise<OrganizationItem> {
  // Answered as stored, keys included, as it always was.
  const item = await organizationItems.read([orgId]);
  if (!item) throw notFound('Organization');
  // An ended trial reads as the default plan everywhere (limits, quotas, the principal), from this read.
  return withTrialResolved(item as unknown as OrganizationItem, nowIso());
}

/**
 * Renames an organization; a new slug claims its guard item and releases the old one in the same
 * transaction, so slugs stay unique across organizations.
 */
export async function updateOrganization(
  orgId: string,
  input: {
    name: string;
    slug: string;
    plan?: Plan;
    defaultCurrency?: string;
    autoApprove?: AutoApprove;
    legalNames?: string[];
    reviewNewVendors?: boolean;
  },
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
    ...(input.legalNames ? { legalNames: input.legalNames } : {}),
    ...(input.reviewNewVendors !== undefined ? { reviewNewVendors: input.reviewNewVendors } : {}),
    updatedAt: now,
    version: current.version + 1,
  };
  const items: TransactItems = [
    organizationItems.tx.put([orgId], next, {
      ConditionExpression: 'version = :v',
      ExpressionAttributeValues: { ':v': current.version },
    }),
  ];
  if (input.slug !== current.slug) {
    items.push(
      slugGuards.tx.put([input.slug], { orgId }, { ConditionExpression: 'attribute_not_exists(PK)' }),
      slugGuards.tx.delete([current.slug], {
        ConditionExpression: 'orgId = :org',
        ExpressionAttributeValues: { ':org': orgId },
      }),
    );
  }
  await transact(items, (reasons) =>
    reasons[1] === 'ConditionalCheckFailed'
      ? conflict('slug_taken', 'This slug is already taken')
      : conflict('stale_version', 'The organization was changed by someone else; reload and try again'),
  );
  return next;
}

/** Plan changes go through the admin command (`npm run admin -- set-plan`), not the app. */
export async function setPlanBySlug(slug: string, plan: Plan): Promise<OrganizationItem> {
  const guard = await slugGuards.find([slug]);
  if (!guard) throw notFound(`Organization with slug ${slug}`);
  const updated = await organizationItems.update([guard.orgId], {
    // A plan set by hand ends any trial: it is the plan from now on.
    UpdateExpression:
      'SET #plan = :p, #status = :active, updatedAt = :now REMOVE trialEndsAt ADD version :one',
    ExpressionAttributeNames: { '#plan': 'plan', '#status': 'status' },
    ExpressionAttributeValues: { ':p': plan, ':active': 'ACTIVE', ':now': nowIso(), ':one': 1 },
    ReturnValues: 'ALL_NEW',
  });
  return updated as unknown as OrganizationItem;
}

export function toOrganization(
  org: OrganizationItem,
  usage: Usage,
  counts: OrganizationCounts,
): Organization {
  return {
    id: org.id,
    name: org.name,
    slug: org.slug,
    plan: org.plan,
    status: org.status,
    trialEndsAt: org.status === 'TRIAL' ? (org.trialEndsAt ?? null) : null,
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
    legalNames: org.legalNames ?? [],
  };
}

export function inboxAddressOf(localPart: string): string {
  return `${localPart}@${env().INBOX_DOMAIN}`;
}

import { randomBytes } from 'node:crypto';
import { conflict } from '../../core/errors/app-error';
import { nowIso } from './client';
import { itemKind, transact, tryTransact } from './entity';
import { keys } from './keys';
import { getOrganization, type OrganizationItem, organizationItems } from './organizations';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * `<slug>-<8 random base32 characters>`: readable, and unguessable enough that knowing an organization's
 * slug does not let anyone mail invoices into it.
 */
function newLocalPart(slug: string): string {
  const suffix = [...randomBytes(8)].map((b) => BASE32[b % 32]).join('');
  return `${slug.slice(0, 40)}-${suffix}`;
}

/** An inbox address's local part → the organization receiving its mail. */
const inboxLookups = itemKind<{ orgId: string }>()({ key: keys.inboxLookup });

const lookupPut = (localPart: string, orgId: string) =>
  inboxLookups.tx.put([localPart], { orgId }, { ConditionExpression: 'attribute_not_exists(PK)' });

/**
 * Gives the organization its inbox address if it has none yet (organizations created before inboxes get
 * theirs on their next read). The lookup item and the organization's field are written together, and only
 * if the organization still has none, so two concurrent first reads leave one address.
 */
export async function ensureInbox(org: OrganizationItem): Promise<OrganizationItem> {
  if (org.inboxLocalPart) return org;
  const localPart = newLocalPart(org.slug);
  // Refused when another read gave it one meanwhile.
  await tryTransact([
    lookupPut(localPart, org.id),
    organizationItems.tx.update([org.id], {
      UpdateExpression: 'SET inboxLocalPart = :l, updatedAt = :now ADD version :one',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(inboxLocalPart)',
      ExpressionAttributeValues: { ':l': localPart, ':now': nowIso(), ':one': 1 },
    }),
  ]);
  return getOrganization(org.id);
}

/**
 * A new inbox address; the old one stops receiving at once (its lookup item is deleted in the same
 * transaction).
 */
export async function regenerateInbox(orgId: string): Promise<OrganizationItem> {
  const org = await ensureInbox(await getOrganization(orgId));
  const old = org.inboxLocalPart as string;
  const localPart = newLocalPart(org.slug);
  await transact(
    [
      lookupPut(localPart, orgId),
      inboxLookups.tx.delete([old], {
        ConditionExpression: 'orgId = :org',
        ExpressionAttributeValues: { ':org': orgId },
      }),
      organizationItems.tx.update([orgId], {
        UpdateExpression: 'SET inboxLocalPart = :l, updatedAt = :now ADD version :one',
        ConditionExpression: 'inboxLocalPart = :old',
        ExpressionAttributeValues: { ':l': localPart, ':old': old, ':now': nowIso(), ':one': 1 },
      }),
    ],
    () => conflict('stale_version', 'The inbox address was changed by someone else; reload and try again'),
  );
  return getOrganization(orgId);
}

/** The senders the inbox accepts (addresses or domains); an empty list accepts every sender. */
export async function setInboxAllowedSenders(orgId: string, senders: string[]): Promise<OrganizationItem> {
  const updated = await organizationItems.update([orgId], {
    UpdateExpression: 'SET inboxAllowedSenders = :s, updatedAt = :now ADD version :one',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':s': [...new Set(senders)], ':now': nowIso(), ':one': 1 },
    ReturnValues: 'ALL_NEW',
  });
  return updated as unknown as OrganizationItem;
}

/** The organization an inbox local part belongs to (case-insensitive), or undefined for an unknown address. */
export async function findInboxOrganization(localPart: string): Promise<OrganizationItem | undefined> {
  const lookup = await inboxLookups.find([localPart.toLowerCase()]);
  if (!lookup) return undefined;
  const org = await getOrganization(lookup.orgId);
  // A lookup left behind by a concurrent regeneration no longer names the organization's address.
  return org.inboxLocalPart === localPart.toLowerCase() ? org : undefined;
}

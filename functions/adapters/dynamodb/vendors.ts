import type { Vendor } from '../../../shared/schemas';
import { AppError, conflict, notFound } from '../../core/errors/app-error';
import { moneyByCurrency, vendorNameKey } from '../../core/invoices/aggregates';
import type { VendorFields, VendorItem } from '../../core/vendors/vendor';
import { nowIso, tableName } from './client';
import {
  countChange,
  firstVersion,
  itemKind,
  nextVersion,
  orgEntity,
  readMany,
  type TransactItems,
  transact,
  tryTransact,
  updateIf,
} from './entity';
import { keys } from './keys';
import { listEverySearchable, listSearchable, type SearchableType } from './searchable-list';

export type { VendorFields, VendorItem } from '../../core/vendors/vendor';

const TYPE = 'VENDOR';
const ENTITY = 'Vendor';
const VENDORS: SearchableType = { type: TYPE, entity: ENTITY, countAttribute: 'vendorCount' };

const vendors = orgEntity<VendorItem>({
  type: TYPE,
  entity: ENTITY,
  label: 'Vendor',
  extra: (v) => ({
    searchText: [v.name, v.email, v.phone, v.address, v.taxId, v.website]
      .filter(Boolean)
      .join(' ')
      .toLowerCase(),
  }),
});

/** In a transaction of something a vendor holds (its certificates): the vendor must still exist. */
export const vendorStillThere = (orgId: string, vendorId: string) => vendors.exists(orgId, vendorId);

/** The same normalization the invoice aggregates use, so a vendor finds the invoices that name it. */
export { vendorNameKey };

/** A normalized vendor name → the vendor holding it (stored without an `entity`, as it always was). */
const nameGuards = itemKind<{ vendorId: string }>()({ key: keys.vendorNameGuard });

/** Claims a name for a vendor: one vendor per normalized name and organization (they would share its totals). */
const nameClaim = (orgId: string, nameKey: string | null, vendorId: string): TransactItems =>
  nameKey
    ? [nameGuards.tx.put([orgId, nameKey], { vendorId }, { ConditionExpression: 'attribute_not_exists(PK)' })]
    : [];

/** Releases a vendor's name, unless another vendor holds it by now. */
const nameRelease = (orgId: string, nameKey: string, vendorId: string) =>
  nameGuards.tx.delete([orgId, nameKey], {
    ConditionExpression: 'attribute_not_exists(PK) OR vendorId = :id',
    ExpressionAttributeValues: { ':id': vendorId },
  });

const vendorExists = () => conflict('vendor_exists', 'A vendor with this name already exists');

/** Creates a vendor, its name guard and the organization's vendor count in one transaction. */
export async function createVendor(orgId: string, input: VendorFields): Promise<VendorItem> {
  const vendor: VendorItem = firstVersion({
    ...input,
    nameKey: vendorNameKey(input.name),
    status: input.status ?? 'ACTIVE',
    currency: input.currency ?? null,
    aliases: [],
    defaultCategoryId: null,
  });
  await transact(
    [
      vendors.create(orgId, vendor),
      ...nameClaim(orgId, vendor.nameKey, vendor.id),
      countChange(orgId, VENDORS.countAttribute, 1),
    ],
    (reasons, error) => (reasons[1] === 'ConditionalCheckFailed' ? vendorExists() : error),
  );
  return vendor;
}

/** The vendor of this organization: findVendor answers undefined, getVendor 404 (also for another organization's ids). */
export const { find: findVendor, get: getVendor } = vendors;

/**
 * Replaces a vendor's fields if nobody changed it since `expectedVersion` (or since `before` was read). A
 * new name moves the name guard in the same transaction.
 */
export async function updateVendor(
  orgId: string,
  before: VendorItem,
  input: VendorFields,
  expectedVersion?: number,
): Promise<VendorItem> {
  vendors.checkVersion(before, expectedVersion);
  const after = nextVersion(before, {
    ...input,
    status: input.status ?? before.status,
    nameKey: vendorNameKey(input.name),
  });
  const renamed = after.nameKey !== before.nameKey;
  await transact(
    [
      vendors.replace(orgId, before, after),
      ...(renamed ? nameClaim(orgId, after.nameKey, before.id) : []),
      ...(renamed && before.nameKey ? [nameGuards.tx.delete([orgId, before.nameKey])] : []),
    ],
    (reasons) => {
      if (reasons[0] === 'ConditionalCheckFailed' || reasons.includes('TransactionConflict'))
        return vendors.stale();
      return reasons[1] === 'ConditionalCheckFailed' ? vendorExists() : vendors.stale();
    },
  );
  return after;
}

/** The vendor holding a normalized name (its name guard), if any. */
export async function findVendorByNameKey(orgId: string, nameKey: string): Promise<VendorItem | undefined> {
  const guard = await nameGuards.find([orgId, nameKey], { consistent: true });
  return guard?.vendorId ? findVendor(orgId, String(guard.vendorId)) : undefined;
}

/**
 * The vendor an unmatched invoice names, made as a SUGGESTED vendor from the invoice's details. If a
 * vendor already holds the name (an inactive one, or one made meanwhile by a concurrent run), that
 * one is answered instead: one vendor per name.
 */
export async function suggestVendor(orgId: string, input: VendorFields): Promise<VendorItem> {
  try {
    return await createVendor(orgId, { ...input, status: 'SUGGESTED' });
  } catch (error) {
    const nameKey = vendorNameKey(input.name);
    if (!(error instanceof AppError && error.code === 'vendor_exists') || !nameKey) throw error;
    const existing = await findVendorByNameKey(orgId, nameKey);
    if (!existing) throw error;
    return existing;
  }
}

/** A SUGGESTED vendor becomes ACTIVE (a person approved one of its invoices); other statuses stay. */
export async function activateSuggestedVendor(orgId: string, id: string): Promise<void> {
  await updateIf({
    Key: vendors.key(orgId, id),
    UpdateExpression: 'SET #status = :active, updatedAt = :now ADD version :one',
    ConditionExpression: '#status = :suggested',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':active': 'ACTIVE',
      ':suggested': 'SUGGESTED',
      ':now': nowIso(),
      ':one': 1,
    },
  });
}

/** Adds names to a vendor's aliases (a merge keeps the merged vendor's name this way). */
export async function addVendorAliases(
  orgId: string,
  before: VendorItem,
  names: string[],
): Promise<VendorItem> {
  const aliases = [...new Set([...(before.aliases ?? []), ...names])].filter((n) => n !== before.name);
  const after = nextVersion(before, { aliases });
  await transact([vendors.replace(orgId, before, after)], vendors.stale);
  return after;
}

/** Deletes a vendor, releases its name and lowers the vendor count. Its invoices keep their vendor name. */
export async function deleteVendor(orgId: string, id: string): Promise<void> {
  const before = await getVendor(orgId, id);
  await transact(
    [
      vendors.remove(orgId, id),
      ...(before.nameKey ? [nameRelease(orgId, before.nameKey, id)] : []),
      countChange(orgId, VENDORS.countAttribute, -1),
    ],
    // Someone deleted it in between: for this caller it is gone, as asked.
    () => notFound('Vendor'),
  );
}

/**
 * Deletes a SUGGESTED vendor that no invoice counts on any more (its id and name aggregates hold no
 * invoice): the junk a misread made ('P.U. HT', the buyer's own name) goes once a person re-links its
 * invoice. Conditional on both, in one transaction, so an invoice linked to it meanwhile keeps it.
 * Answers whether it was deleted.
 */
export async function removeUnusedSuggestedVendor(orgId: string, id: string): Promise<boolean> {
  const vendor = await findVendor(orgId, id);
  if (vendor?.status !== 'SUGGESTED') return false;
  const holdsNoInvoice = (bucket: string) => ({
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.stats(orgId, bucket),
      ConditionExpression: 'attribute_not_exists(invoiceCount) OR invoiceCount = :zero',
      ExpressionAttributeValues: { ':zero': 0 },
    },
  });
  return tryTransact([
    {
      Delete: {
        TableName: tableName(),
        Key: vendors.key(orgId, id),
        ConditionExpression: '#status = :suggested AND version = :v',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':suggested': 'SUGGESTED', ':v': vendor.version },
      },
    },
    ...(vendor.nameKey ? [nameRelease(orgId, vendor.nameKey, id)] : []),
    countChange(orgId, VENDORS.countAttribute, -1),
    ...vendorBuckets(vendor).map(holdsNoInvoice),
  ]);
}

/** Newest first, optionally filtered by a case-insensitive search, paginated with an opaque cursor. */
export const listVendors = (orgId: string, query: { search?: string; cursor?: string; limit?: number }) =>
  listSearchable(orgId, VENDORS, query, vendors.fromStored);

/** Every vendor of the organization (for vendor matching and analytics). */
export const listAllVendors = (orgId: string) => listEverySearchable(orgId, VENDORS, vendors.fromStored);

/** The aggregate buckets that hold a vendor's invoices: linked by id, or only named. */
export function vendorBuckets(vendor: Pick<VendorItem, 'id' | 'nameKey'>): string[] {
  return [keys.vendorIdBucket(vendor.id), ...(vendor.nameKey ? [keys.vendorNameBucket(vendor.nameKey)] : [])];
}

/**
 * Sums a vendor's buckets into the live figures the vendor list shows, per currency; the top-level
 * figures are the default currency's (other currencies are never added to them).
 */
export function vendorTotals(
  buckets: Record<string, unknown>[],
  defaultCurrency: string,
): Pick<Vendor, 'totalAmount' | 'totalInvoices' | 'averageAmount' | 'byCurrency'> {
  const sums: Record<string, { invoices: number; cents: number; spend: number }> = {};
  for (const b of buckets) {
    for (const [currency, figures] of Object.entries(moneyByCurrency(b, defaultCurrency))) {
      sums[currency] ??= { invoices: 0, cents: 0, spend: 0 };
      sums[currency].invoices += figures.invoiceCount;
      sums[currency].cents += figures.amountCents;
      sums[currency].spend += figures.spendCount;
    }
  }
  const byCurrency = Object.fromEntries(
    Object.entries(sums).map(([currency, s]) => [
      currency,
      {
        totalAmount: s.cents / 100,
        totalInvoices: s.invoices,
        averageAmount: s.spend > 0 ? Math.round(s.cents / s.spend) / 100 : 0,
      },
    ]),
  );
  const main = byCurrency[defaultCurrency] ?? { totalAmount: 0, totalInvoices: 0, averageAmount: 0 };
  return { ...main, byCurrency };
}

/** Adds the live totals (from the `VENDOR#ID#` and `VENDOR#NAME#` aggregates) to stored vendors. */
export async function withTotals(
  orgId: string,
  vendors: VendorItem[],
  defaultCurrency: string,
): Promise<Vendor[]> {
  const wanted = vendors.flatMap((v) => vendorBuckets(v).map((bucket) => keys.stats(orgId, bucket)));
  const found = new Map((await readMany(wanted)).map((item) => [String(item.SK), item]));
  return vendors.map((v) => {
    const totals = vendorTotals(
      vendorBuckets(v).map((b) => found.get(`${keys.statsPrefix}${b}`) ?? {}),
      defaultCurrency,
    );
    // The stored tax identity holds the sealed TIN: answers carry its masked view (core/vendors/tax-identity).
    const { nameKey: _k, taxIdentity: _sealed, ...rest } = v;
    return {
      ...rest,
      defaultCategoryId: v.defaultCategoryId ?? null,
      currency: v.currency ?? null,
      aliases: v.aliases ?? [],
      ...totals,
    };
  });
}

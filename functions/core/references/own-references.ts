import type { Allocation, AllocationInput, Category } from '../../../shared/schemas';
import { badInput } from '../errors/app-error';
import { ports } from '../ports';

/**
 * The ids a write may name of other entities (an invoice's property and category) must be the caller's
 * organization's own: another tenant's id, or one that does not exist, is refused with 400 before anything
 * is stored. Every write that accepts such an id checks it here.
 */
export interface References {
  propertyId?: string | null;
  categoryId?: string | null;
}

const refused = (field: keyof References, what: string) => {
  const message = `The ${what} does not exist in your organization`;
  return badInput(message, [{ path: field, message }]);
};

/** Checks the named references (null and undefined name nothing); answers the category, for its name. */
export async function ownReferences(
  orgId: string,
  references: References,
): Promise<{ category: Category | null }> {
  const { propertyId, categoryId } = references;
  const [property, category] = await Promise.all([
    propertyId ? ports().findProperty(orgId, propertyId) : undefined,
    categoryId
      ? ports()
          .listCategories(orgId)
          .then((all) => all.find((c) => c.id === categoryId))
      : undefined,
  ]);
  if (propertyId && !property) throw refused('propertyId', 'property');
  if (categoryId && !category) throw refused('categoryId', 'category');
  return { category: category ?? null };
}

/**
 * Checks every property and category a split names (invoice and line items alike), and answers the
 * allocations as stored: with the names, for History, lists and the accounting sync. A share naming
 * another tenant's property or category, or one that does not exist, refuses the whole edit with 400.
 */
export async function ownAllocations(
  orgId: string,
  splits: readonly (readonly AllocationInput[])[],
  field: 'allocations' | 'lineItems',
): Promise<Allocation[][]> {
  const shares = splits.flat();
  if (shares.length === 0) return splits.map(() => []);
  const propertyIds = [...new Set(shares.map((a) => a.propertyId))];
  const [properties, categories] = await Promise.all([
    Promise.all(propertyIds.map((id) => ports().findProperty(orgId, id))),
    shares.some((a) => a.categoryId) ? ports().listCategories(orgId) : [],
  ]);
  const propertyNames = new Map(propertyIds.map((id, i) => [id, properties[i]?.name]));
  const categoryNames = new Map(categories.map((c) => [c.id, c.name]));
  const refuse = (what: string) => {
    const message = `The ${what} of a split does not exist in your organization`;
    return badInput(message, [{ path: field, message }]);
  };
  return splits.map((split) =>
    split.map((a) => {
      const propertyName = propertyNames.get(a.propertyId);
      if (propertyName === undefined) throw refuse('property');
      const categoryName = a.categoryId ? categoryNames.get(a.categoryId) : null;
      if (categoryName === undefined) throw refuse('category');
      return {
        propertyId: a.propertyId,
        propertyName,
        categoryId: a.categoryId ?? null,
        categoryName,
        amount: a.amount,
      };
    }),
  );
}

/** Lists of ids a write may name (an approval rule's properties, vendors and categories). */
export interface ReferenceLists {
  propertyIds?: string[];
  vendorIds?: string[];
  categoryIds?: string[];
}

/** Checks every id of the lists is the organization's own, like ownReferences (400 naming the list). */
export async function ownReferenceLists(orgId: string, lists: ReferenceLists): Promise<void> {
  const { propertyIds = [], vendorIds = [], categoryIds = [] } = lists;
  const [properties, vendors, categories] = await Promise.all([
    Promise.all(propertyIds.map((id) => ports().findProperty(orgId, id))),
    Promise.all(vendorIds.map((id) => ports().findVendor(orgId, id))),
    categoryIds.length ? ports().listCategories(orgId) : [],
  ]);
  const missing = (path: string, what: string) => {
    const message = `A ${what} in the list does not exist in your organization`;
    return badInput(message, [{ path, message }]);
  };
  if (properties.some((p) => !p)) throw missing('propertyIds', 'property');
  if (vendors.some((v) => !v)) throw missing('vendorIds', 'vendor');
  if (categoryIds.some((id) => !categories.some((c) => c.id === id)))
    throw missing('categoryIds', 'category');
}

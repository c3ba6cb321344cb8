import type { Category } from '../../../shared/schemas';
import { DEFAULT_CATEGORIES } from '../../core/classification/categories';
import { itemKind } from './entity';
import { keys } from './keys';

const categories = itemKind<Category>()({
  key: (orgId: string, id: string) => keys.entity(orgId, 'CATEGORY', id),
  collection: (orgId: string) => ({ PK: keys.orgPk(orgId), prefix: 'CATEGORY#' }),
  entity: 'Category',
});

/** A default category's id is its code, so invoices, the classifier and the aggregates agree on it. */
export const defaultCategoryItems = (): Category[] =>
  DEFAULT_CATEGORIES.map((c) => ({
    id: c.code,
    code: c.code,
    name: c.name,
    description: c.description,
    isDefault: true,
  }));

async function queryCategories(orgId: string, limit?: number): Promise<Category[]> {
  if (!limit) return categories.list([orgId]);
  return (await categories.page([orgId], { limit })).items.map(categories.fromStored);
}

const writeCategories = (orgId: string, items: Category[]) => categories.putAll(items, (c) => [orgId, c.id]);

/**
 * Gives an organization the default categories if it has none yet. Called when an organization is
 * provisioned and again (lazily) on the first list, for organizations made before categories existed.
 * Two concurrent calls write identical items, so the race is harmless.
 */
export async function ensureDefaultCategories(orgId: string): Promise<void> {
  const existing = await queryCategories(orgId, 1);
  if (existing.length === 0) await writeCategories(orgId, defaultCategoryItems());
}

/** The organization's categories, by name. */
export async function listCategories(orgId: string): Promise<Category[]> {
  let categories = await queryCategories(orgId);
  if (categories.length === 0) {
    await ensureDefaultCategories(orgId);
    categories = await queryCategories(orgId);
  }
  return categories.sort((a, b) => a.name.localeCompare(b.name));
}

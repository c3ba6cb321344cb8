import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Category } from '../../../shared/schemas';
import { DEFAULT_CATEGORIES } from '../../core/classification/categories';
import { db, queryAll, tableName } from './client';
import { keys, sortKeyStartsWith, withoutKeys } from './keys';

const TYPE = 'CATEGORY';

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
  const condition = sortKeyStartsWith(keys.orgPk(orgId), `${TYPE}#`);
  const items = limit
    ? ((await db().send(new QueryCommand({ TableName: tableName(), ...condition, Limit: limit }))).Items ??
      [])
    : await queryAll(condition);
  return items.map((raw) => withoutKeys(raw) as unknown as Category);
}

async function writeCategories(orgId: string, categories: Category[]): Promise<void> {
  for (let i = 0; i < categories.length; i += 25) {
    let request: Record<string, unknown[]> | undefined = {
      [tableName()]: categories.slice(i, i + 25).map((c) => ({
        PutRequest: { Item: { ...keys.entity(orgId, TYPE, c.id), entity: 'Category', ...c } },
      })),
    };
    for (let attempt = 0; request && Object.keys(request).length && attempt < 5; attempt++) {
      const result = await db().send(
        new BatchWriteCommand({ RequestItems: request as Record<string, never[]> }),
      );
      request = result.UnprocessedItems as typeof request;
    }
  }
}

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

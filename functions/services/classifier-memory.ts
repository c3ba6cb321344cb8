import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { listCategories } from '../adapters/dynamodb/categories';
import { db, nowIso, queryAll, tableName } from '../adapters/dynamodb/client';
import type { InvoiceItem } from '../adapters/dynamodb/invoices';
import { keys, sortKeyStartsWith } from '../adapters/dynamodb/keys';
import type { OrgMemory } from '../core/classification/classify';
import { normalizeVendorKey } from '../core/classification/text-keys';

const PREFIX = 'CLASSIFIER#VENDOR#';

/** One remembered correction: invoices of this vendor belong in this category. */
export interface VendorCategoryMemory {
  vendorKey: string;
  vendorName: string;
  categoryId: string;
  categoryCode: string;
  updatedAt: string;
}

/**
 * Remembers, for one organization, that a reviewer filed this vendor's invoice under this category
 * (`ORG#<org>` / `CLASSIFIER#VENDOR#<vendor key>`). The latest correction wins. The next invoice of
 * the same vendor is classified with it (see {@link loadOrgMemory}).
 */
export async function rememberVendorCategory(
  orgId: string,
  input: { vendorName: string; categoryId: string; categoryCode: string },
): Promise<VendorCategoryMemory | null> {
  const vendorKey = normalizeVendorKey(input.vendorName);
  if (!vendorKey) return null;
  const memory: VendorCategoryMemory = {
    vendorKey,
    vendorName: input.vendorName,
    categoryId: input.categoryId,
    categoryCode: input.categoryCode,
    updatedAt: nowIso(),
  };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.entity(orgId, 'CLASSIFIER', `VENDOR#${vendorKey}`),
        entity: 'ClassifierMemory',
        ...memory,
      },
    }),
  );
  return memory;
}

/** Everything the organization's reviewers taught the classifier, in the shape `classify()` takes. */
export async function loadOrgMemory(orgId: string): Promise<OrgMemory> {
  const vendorCategory: Record<string, string> = {};
  for (const item of await queryAll(sortKeyStartsWith(keys.orgPk(orgId), PREFIX)))
    vendorCategory[item.vendorKey as string] = item.categoryCode as string;
  return { vendorCategory };
}

/**
 * The PUT /api/invoices/{id} hook: when a reviewer changes the category of an invoice that has a
 * vendor name, the organization remembers vendor → category. Learning must never fail the edit, so
 * errors are swallowed by the caller's choice (this returns what it learned, or null).
 */
export async function learnFromCorrection(
  before: InvoiceItem,
  after: InvoiceItem,
): Promise<VendorCategoryMemory | null> {
  if (!after.categoryId || after.categoryId === before.categoryId || !after.vendorName) return null;
  const category = (await listCategories(after.orgId)).find((c) => c.id === after.categoryId);
  if (!category) return null;
  return rememberVendorCategory(after.orgId, {
    vendorName: after.vendorName,
    categoryId: category.id,
    categoryCode: category.code,
  });
}

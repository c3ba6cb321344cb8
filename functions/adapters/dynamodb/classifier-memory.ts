import type { OrgMemory } from '../../core/classification/classify';
import { normalizeVendorKey } from '../../core/classification/text-keys';
import type { InvoiceItem } from '../../core/invoices/invoice';
import type { VendorCategoryMemory } from '../../core/vendors/vendor';
import { listCategories } from './categories';
import { nowIso, queryAll } from './client';
import { itemKind } from './entity';
import { listLineItems } from './invoice-children';
import { keys, sortKeyStartsWith } from './keys';

export type { VendorCategoryMemory } from '../../core/vendors/vendor';

const vendorCategories = itemKind<VendorCategoryMemory>()({
  key: keys.classifierVendor,
  entity: 'ClassifierMemory',
});
const examples = itemKind<{
  vendorName: string;
  lineDescriptions: string[];
  categoryCode: string;
  updatedAt: string;
}>()({ key: keys.classifierExample, entity: 'ClassifierExample' });

/** At most this many corrected invoices are remembered per organization as examples (the newest). */
const MAX_EXAMPLES = 1000;

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
  await vendorCategories.put([orgId, vendorKey], memory);
  return memory;
}

/**
 * Remembers a corrected invoice as an example of its category (`CLASSIFIER#EXAMPLE#<invoiceId>`; a
 * later correction of the same invoice replaces it): its vendor and line words then count for that
 * category in this organization's next classifications.
 */
export async function rememberExample(
  orgId: string,
  input: { invoiceId: string; vendorName: string; lineDescriptions: string[]; categoryCode: string },
): Promise<void> {
  await examples.put([orgId, input.invoiceId], {
    vendorName: input.vendorName,
    lineDescriptions: input.lineDescriptions.slice(0, 50).map((d) => d.slice(0, 300)),
    categoryCode: input.categoryCode,
    updatedAt: nowIso(),
  });
}

/** Everything the organization's reviewers taught the classifier, in the shape `classify()` takes. */
export async function loadOrgMemory(orgId: string): Promise<OrgMemory> {
  const vendorCategory: Record<string, string> = {};
  const examples: NonNullable<OrgMemory['examples']> = [];
  for (const item of await queryAll(sortKeyStartsWith(keys.orgPk(orgId), keys.classifierPrefix))) {
    if (String(item.SK).startsWith(keys.classifierVendorPrefix))
      vendorCategory[item.vendorKey as string] = item.categoryCode as string;
    else if (String(item.SK).startsWith(keys.classifierExamplePrefix))
      examples.push({
        vendorName: String(item.vendorName ?? ''),
        lineDescriptions: (item.lineDescriptions as string[] | undefined) ?? [],
        categoryCode: String(item.categoryCode),
      });
  }
  // Example keys end in invoice ids (ULIDs, oldest first): keep the newest.
  return { vendorCategory, examples: examples.slice(-MAX_EXAMPLES) };
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
  const lines = await listLineItems(after.orgId, after.id);
  await rememberExample(after.orgId, {
    invoiceId: after.id,
    vendorName: after.vendorName,
    lineDescriptions: lines.map((l) => l.description),
    categoryCode: category.code,
  });
  return rememberVendorCategory(after.orgId, {
    vendorName: after.vendorName,
    categoryId: category.id,
    categoryCode: category.code,
  });
}

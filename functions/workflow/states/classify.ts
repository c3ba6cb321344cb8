import { loadOrgMemory } from '../../adapters/dynamodb/classifier-memory';
import { orgSettings } from '../../adapters/dynamodb/organizations';
import { getRun, type RunClassification, updateRun } from '../../adapters/dynamodb/runs';
import { suggestVendor } from '../../adapters/dynamodb/vendors';
import { observed } from '../../adapters/observability/middleware';
import { CATEGORY_MIN_CONFIDENCE, classify } from '../../core/classification/classify';
import { linkVendor, matchProperty } from '../../core/classification/match';
import { orgCategories, orgOrganization, orgProperties, orgVendors } from '../lib/org-data';
import { setStage } from '../lib/stage';
import { claimed, type StateInput, type WorkflowContext } from '../types';

/**
 * Classify: the expense category from the organization's own chart, where what its reviewers taught
 * (vendor → category, remembered on correction) wins over a vendor's default category, which wins over
 * the trained model; a model answer below CATEGORY_MIN_CONFIDENCE leaves the category for a person.
 * Then the vendor: linked by name, tax id, e-mail, phone or address (score kept), or, when none
 * matches, made as a SUGGESTED vendor from the invoice. Then the property, and the currency:
 * extracted, else the vendor's, else the organization's default.
 */
export const handler = observed(async function classifyState({
  ctx: input,
}: StateInput): Promise<WorkflowContext> {
  const ctx = claimed(input);
  await setStage(ctx.orgId, ctx.invoiceId, ctx.runId, 'CLASSIFYING');
  const run = await getRun(ctx.orgId, ctx.invoiceId, ctx.runId);
  if (!run) throw new Error(`Invoice ${ctx.invoiceId}: no normalized result for run ${ctx.runId}`);
  const [categories, memory, vendors, properties, org] = await Promise.all([
    orgCategories(ctx.orgId),
    loadOrgMemory(ctx.orgId),
    orgVendors(ctx.orgId),
    orgProperties(ctx.orgId),
    orgOrganization(ctx.orgId),
  ]);
  const { extracted } = run;
  const candidates = vendors.filter((v) => v.status !== 'INACTIVE');
  const link = linkVendor(
    {
      name: extracted.vendorName,
      email: extracted.vendorEmail,
      phone: extracted.vendorPhone,
      address: extracted.vendorAddress,
    },
    candidates,
  );
  let vendor = link ? candidates.find((v) => v.id === link.vendorId) : undefined;
  if (!vendor && extracted.vendorName) {
    vendor = await suggestVendor(ctx.orgId, {
      name: extracted.vendorName.slice(0, 200),
      email: extracted.vendorEmail,
      phone: extracted.vendorPhone,
      address: extracted.vendorAddress,
      taxId: null,
      website: null,
      paymentTerms: null,
      preferredMethod: null,
      currency: extracted.currency,
    });
  }
  const property = matchProperty(
    run.addressText,
    properties.filter((p) => p.status !== 'INACTIVE'),
  );
  const result = classify(
    { vendorName: extracted.vendorName, lineDescriptions: extracted.lineItems.map((l) => l.description) },
    memory,
    categories.map((c) => ({ code: c.code, name: c.name, description: c.description ?? '' })),
  );
  let code =
    result.source === 'model' && result.confidence < CATEGORY_MIN_CONFIDENCE ? null : result.categoryCode;
  let source = result.source;
  let confidence = result.confidence;
  const vendorDefault = vendor?.defaultCategoryId;
  if (source !== 'org-memory' && vendorDefault) {
    const category = categories.find((c) => c.id === vendorDefault);
    if (category) {
      code = category.code;
      source = 'org-memory';
      confidence = 0.95;
    }
  }
  const category = code ? categories.find((c) => c.code === code) : undefined;
  const classification: RunClassification = {
    categoryId: category?.id ?? null,
    categoryName: category?.name ?? null,
    categoryCode: category?.code ?? null,
    categoryConfidence: category ? confidence : 0,
    categorySource: category ? source : 'none',
    vendorId: vendor?.id ?? null,
    vendorMatch: vendor
      ? link && link.vendorId === vendor.id
        ? link
        : { vendorId: vendor.id, score: 1, by: 'created' }
      : null,
    propertyId: property?.propertyId ?? null,
    currency: extracted.currency ?? vendor?.currency ?? orgSettings(org).defaultCurrency,
  };
  await updateRun(ctx.orgId, ctx.invoiceId, ctx.runId, 'classification', classification);
  return ctx;
});

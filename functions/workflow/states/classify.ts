import { classify } from '../../core/classification/classify';
import { matchProperty, matchVendor } from '../../core/classification/match';
import { loadOrgMemory } from '../../services/classifier-memory';
import { orgCategories, orgProperties, orgVendors } from '../lib/org-data';
import { getRun, type RunClassification, updateRun } from '../lib/run-store';
import { setStage } from '../lib/stage';
import { claimed, type StateInput, type WorkflowContext } from '../types';

/**
 * Classify: the expense category from the organization's own chart, where what its reviewers taught
 * (vendor → category, remembered on correction) wins over a vendor's default category, which wins over
 * the trained model; then the known vendor and property the invoice refers to.
 */
export async function handler({ ctx: input }: StateInput): Promise<WorkflowContext> {
  const ctx = claimed(input);
  await setStage(ctx.orgId, ctx.invoiceId, ctx.runId, 'CLASSIFYING');
  const run = await getRun(ctx.orgId, ctx.invoiceId, ctx.runId);
  if (!run) throw new Error(`Invoice ${ctx.invoiceId}: no normalized result for run ${ctx.runId}`);
  const [categories, memory, vendors, properties] = await Promise.all([
    orgCategories(ctx.orgId),
    loadOrgMemory(ctx.orgId),
    orgVendors(ctx.orgId),
    orgProperties(ctx.orgId),
  ]);
  const { extracted } = run;
  const vendor = matchVendor(
    extracted.vendorName,
    vendors.filter((v) => v.status !== 'INACTIVE'),
  );
  const property = matchProperty(
    run.addressText,
    properties.filter((p) => p.status !== 'INACTIVE'),
  );
  const result = classify(
    { vendorName: extracted.vendorName, lineDescriptions: extracted.lineItems.map((l) => l.description) },
    memory,
    categories.map((c) => ({ code: c.code, name: c.name, description: c.description ?? '' })),
  );
  let code = result.categoryCode;
  let source = result.source;
  let confidence = result.confidence;
  const vendorDefault = vendor && vendors.find((v) => v.id === vendor.vendorId)?.defaultCategoryId;
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
    vendorId: vendor?.vendorId ?? null,
    propertyId: property?.propertyId ?? null,
  };
  await updateRun(ctx.orgId, ctx.invoiceId, ctx.runId, 'classification', classification);
  return ctx;
}

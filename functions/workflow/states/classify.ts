import { classifyInvoice } from '../../core/extraction/pipeline';
import { loadOrgMemory } from '../../services/classifier-memory';
import { orgCategories, orgProperties, orgVendors } from '../lib/org-data';
import { getRun, type RunClassification, updateRun } from '../lib/run-store';
import { setStage } from '../lib/stage';
import { claimed, type StateInput, type WorkflowContext } from '../types';

/**
 * Classify: core's `classifyInvoice` (the same code `npm run extract` runs) on the organization's own
 * chart, memory, vendors and properties: the known vendor and property, and the expense category.
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
  const { classification, category, vendorMatch, propertyMatch } = classifyInvoice(
    run.extracted,
    {
      categories: categories.map((c) => ({
        id: c.id,
        code: c.code,
        name: c.name,
        description: c.description ?? '',
      })),
      orgMemory: memory,
      vendors,
      properties,
    },
    run.addressText,
  );
  const result: RunClassification = {
    categoryId: category?.id ?? null,
    categoryName: category?.name ?? null,
    categoryCode: category?.code ?? null,
    categoryConfidence: category ? classification.confidence : 0,
    categorySource: category ? classification.source : 'none',
    vendorId: vendorMatch?.vendorId ?? null,
    propertyId: propertyMatch?.propertyId ?? null,
  };
  await updateRun(ctx.orgId, ctx.invoiceId, ctx.runId, 'classification', result);
  return ctx;
}

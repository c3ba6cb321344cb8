import { listCategories } from '../../adapters/dynamodb/categories';
import { loadOrgMemory } from '../../adapters/dynamodb/classifier-memory';
import { invoicesOfVendor } from '../../adapters/dynamodb/invoice-listing';
import { findInvoice, invoiceIdsWithContentHash, recordContentHash } from '../../adapters/dynamodb/invoices';
import { getOrganization, orgSettings } from '../../adapters/dynamodb/organizations';
import { listAllProperties } from '../../adapters/dynamodb/properties';
import { loadVendorHistory, loadVendorKnowledge } from '../../adapters/dynamodb/vendor-memory';
import { listAllVendors, suggestVendor } from '../../adapters/dynamodb/vendors';
import type { ExtractionContext } from '../../core/extraction/pipeline';
import type { WorkflowContext } from '../types';

/**
 * The organization's data the workflow's Classify and Validate states hand to core's
 * `classifyInvoice` and `validateAndDecide` (the functions `npm run extract` runs too), read from
 * DynamoDB. Only the adapters live here; every rule stays in core.
 */

/**
 * What Classify matches against: the category chart, reviewers' memory, vendors, properties, currency,
 * the organization's own names (the buyer), the linked vendor's layout memory and, for an e-mailed
 * invoice, its sender.
 */
export async function classificationContext(orgId: string, invoiceId?: string): Promise<ExtractionContext> {
  const [categories, orgMemory, vendors, properties, org, invoice] = await Promise.all([
    listCategories(orgId),
    loadOrgMemory(orgId),
    listAllVendors(orgId),
    listAllProperties(orgId),
    getOrganization(orgId),
    invoiceId ? findInvoice(orgId, invoiceId) : undefined,
  ]);
  // The layouts and the history are one item: read once per vendor, whichever Classify asks for first.
  const knowledge = new Map<string, ReturnType<typeof loadVendorKnowledge>>();
  const knowledgeOf = (vendorId: string) => {
    const known = knowledge.get(vendorId) ?? loadVendorKnowledge(orgId, vendorId);
    knowledge.set(vendorId, known);
    return known;
  };
  return {
    categories: categories.map((c) => ({
      id: c.id,
      code: c.code,
      name: c.name,
      description: c.description ?? '',
    })),
    orgMemory,
    vendors,
    properties,
    defaultCurrency: orgSettings(org).defaultCurrency,
    // The organization is the buyer: its name and legal names are never the seller.
    buyerNames: [org.name, ...(org.legalNames ?? [])],
    sender: invoice?.source === 'email' ? invoice.emailFrom : null,
    // Only this organization's memory, of the vendor Classify linked (an id of this organization).
    layoutMemory: async (vendorId) => (await knowledgeOf(vendorId)).layouts,
    // The property its approved invoices were booked to, when the page names none.
    vendorHistory: async (vendorId) => (await knowledgeOf(vendorId)).history,
    suggestVendor: (invoice) =>
      suggestVendor(orgId, {
        name: (invoice.vendorName ?? '').slice(0, 200),
        email: invoice.vendorEmail,
        phone: invoice.vendorPhone,
        address: invoice.vendorAddress,
        taxId: null,
        website: null,
        paymentTerms: null,
        preferredMethod: null,
        currency: invoice.currency,
      }),
  };
}

/** Statuses whose invoices count as "already here" for the fuzzy duplicate check. */
const SETTLED = new Set(['PROCESSED', 'REVIEW_REQUIRED', 'APPROVED', 'PROCESSING']);

/**
 * What Validate checks the vendor's approved history and duplicates against, never across organizations: the same vendor's other
 * invoices (vendor index, GSI2), and the earliest other invoice with the same file bytes (sha256),
 * whatever became of it. Only earlier uploads count, so of two copies only the second is flagged.
 */
export async function validationContext(ctx: WorkflowContext): Promise<ExtractionContext> {
  const { reviewNewVendors } = orgSettings(await getOrganization(ctx.orgId));
  return {
    orgId: ctx.orgId,
    reviewNewVendors,
    // Only this organization's record, of the vendor Classify linked.
    vendorHistory: (vendorId) => loadVendorHistory(ctx.orgId, vendorId),
    duplicatesFinder: async (invoice) =>
      invoice.vendorName
        ? (await invoicesOfVendor(ctx.orgId, invoice.vendorName))
            .filter((other) => other.id !== ctx.invoiceId && SETTLED.has(other.status))
            .map((other) => ({
              id: other.id,
              invoiceNumber: other.invoiceNumber,
              vendorName: other.vendorName,
              totalAmount: other.totalAmount,
              invoiceDate: other.invoiceDate,
            }))
        : [],
    identicalFile: async () => {
      if (!ctx.contentHash) return null;
      await recordContentHash(ctx.orgId, ctx.contentHash, ctx.invoiceId);
      const earlier = (await invoiceIdsWithContentHash(ctx.orgId, ctx.contentHash))
        .filter((id) => id < ctx.invoiceId)
        .sort();
      for (const id of earlier) {
        const other = await findInvoice(ctx.orgId, id);
        if (other) return { id: other.id, invoiceNumber: other.invoiceNumber, match: 'identical_file' };
      }
      return null;
    },
  };
}

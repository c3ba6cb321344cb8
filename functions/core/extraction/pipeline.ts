import { DEFAULT_CATEGORIES, type ExpenseCategory } from '../classification/categories';
import { type ClassificationResult, classify, type OrgMemory } from '../classification/classify';
import { matchProperty, matchVendor } from '../classification/match';
import {
  aiConfidenceOf,
  explainDecision,
  type InvoiceDecision,
  type PossibleDuplicate,
  validateInvoice,
} from '../validation/validate';
import type { AnalyzeExpenseResponse, ExpenseAnalyzerPort, ExpenseDocumentInput } from './expense-types';
import { normalize } from './normalize';
import type { ExtractedInvoice } from './types';

/** An organization's category; `id` is the stored category's (absent for the default chart). */
export type OrgCategory = ExpenseCategory & { id?: string };

export interface ExtractionContext {
  categories?: OrgCategory[];
  orgMemory?: OrgMemory;
  /** INACTIVE vendors and properties are never matched. */
  vendors?: Array<{
    id: string;
    name: string;
    aliases?: string[];
    status?: string;
    defaultCategoryId?: string | null;
  }>;
  properties?: Array<{ id: string; name: string; address: string; status?: string }>;
  /** Finds stored invoices that may be the same one (by vendor, number, total, date). */
  duplicatesFinder?: (invoice: ExtractedInvoice) => Promise<PossibleDuplicate[]>;
  /** Overall confidence needed for PROCESSED (default 0.8). */
  confidenceThreshold?: number;
  /** "Today" (YYYY-MM-DD) for the date checks. */
  today?: string;
}

export interface ExtractionResult {
  invoice: ExtractedInvoice;
  classification: ClassificationResult;
  category: OrgCategory | null;
  vendorMatch: { vendorId: string; score: number } | null;
  propertyMatch: { propertyId: string; score: number } | null;
  aiConfidence: number;
  status: InvoiceDecision;
  reviewReasons: string[];
}

/**
 * Classify step: the known vendor and property the invoice refers to, and its category, where what
 * the organization's reviewers taught wins over the matched vendor's default category, which wins
 * over the trained model. The workflow's Classify state runs this very function.
 */
export function classifyInvoice(
  invoice: ExtractedInvoice,
  ctx: ExtractionContext = {},
  addressText: string | null = null,
) {
  const categories: OrgCategory[] = ctx.categories ?? DEFAULT_CATEGORIES;
  const vendors = (ctx.vendors ?? []).filter((v) => v.status !== 'INACTIVE');
  const vendorMatch = matchVendor(invoice.vendorName, vendors);
  const propertyMatch = matchProperty(
    addressText,
    (ctx.properties ?? []).filter((p) => p.status !== 'INACTIVE'),
  );
  let classification = classify(
    { vendorName: invoice.vendorName, lineDescriptions: invoice.lineItems.map((i) => i.description) },
    ctx.orgMemory,
    categories,
  );
  const vendorDefault = vendorMatch && vendors.find((v) => v.id === vendorMatch.vendorId)?.defaultCategoryId;
  const byDefault =
    classification.source !== 'org-memory' && vendorDefault
      ? categories.find((c) => c.id === vendorDefault)
      : undefined;
  if (byDefault) {
    classification = {
      ...classification,
      categoryCode: byDefault.code,
      source: 'org-memory',
      confidence: 0.95,
    };
  }
  return {
    classification,
    category: categories.find((c) => c.code === classification.categoryCode) ?? null,
    vendorMatch,
    propertyMatch,
  };
}

const VENDOR_GROUPS = new Set(['VENDOR', 'SUPPLIER', 'REMIT_TO']);

/**
 * Address text on the invoice that is not the vendor's (bill-to, ship-to, service address): what the
 * property match reads. Falls back to every line of the document when no such field was found.
 */
export function addressTextOf(response: AnalyzeExpenseResponse): string | null {
  const found: string[] = [];
  const lines: string[] = [];
  for (const doc of response.ExpenseDocuments ?? []) {
    for (const field of doc.SummaryFields ?? []) {
      const type = field.Type?.Text ?? '';
      const groups = (field.GroupProperties ?? []).flatMap((g) => g.Types ?? []);
      const text = field.ValueDetection?.Text?.trim();
      if (!text || !type.includes('ADDRESS') || type === 'VENDOR_ADDRESS') continue;
      if (groups.some((g) => VENDOR_GROUPS.has(g))) continue;
      found.push(text);
    }
    for (const block of doc.Blocks ?? [])
      if (block.BlockType === 'LINE' && block.Text) lines.push(block.Text);
  }
  const text = (found.length ? found : lines).join('\n').slice(0, 4000);
  return text || null;
}

/** Validate and Decide steps: review reasons, overall confidence and the resulting status. */
export async function validateAndDecide(invoice: ExtractedInvoice, ctx: ExtractionContext = {}) {
  const duplicates = ctx.duplicatesFinder ? await ctx.duplicatesFinder(invoice) : [];
  const aiConfidence = aiConfidenceOf(invoice);
  const { decision, reasons } = explainDecision(
    validateInvoice(invoice, { duplicates, today: ctx.today }),
    aiConfidence,
    ctx.confidenceThreshold ?? 0.8,
  );
  return { reviewReasons: reasons, aiConfidence, status: decision };
}

/**
 * Runs the whole extraction on one file: Extract (the analyser) → Normalize → Classify →
 * Validate → Decide. The workflow runs the same steps one state at a time; each is exported.
 */
export async function extractInvoice(
  deps: { analyzer: ExpenseAnalyzerPort },
  file: ExpenseDocumentInput,
  ctx: ExtractionContext = {},
): Promise<ExtractionResult> {
  return processAnalysis(await deps.analyzer.analyze(file), ctx);
}

/** Normalize → Classify → Validate → Decide on an analyser's answer (what follows Extract). */
export async function processAnalysis(
  response: AnalyzeExpenseResponse,
  ctx: ExtractionContext = {},
): Promise<ExtractionResult> {
  const invoice = normalize(response);
  const classified = classifyInvoice(invoice, ctx, addressTextOf(response));
  const decided = await validateAndDecide(invoice, ctx);
  return { invoice, ...classified, ...decided };
}

/** One line of `npm run extract`'s output (the "Extraction contract" of ARCHITECTURE.md). */
export function extractionRecord(r: ExtractionResult): Record<string, unknown> {
  // The field locations are for the review screen, not part of the extraction contract.
  const { confidence, lineItems, locations: _, ...fields } = r.invoice;
  return {
    ...fields,
    lineItems,
    category: r.classification.categoryCode,
    aiConfidence: r.aiConfidence,
    confidence,
    status: r.status,
    reviewReasons: r.reviewReasons,
  };
}

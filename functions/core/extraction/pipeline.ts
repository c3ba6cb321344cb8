import { DEFAULT_CATEGORIES, type ExpenseCategory } from '../classification/categories';
import { type ClassificationResult, classify, type OrgMemory } from '../classification/classify';
import { matchProperty, matchVendor } from '../classification/match';
import {
  aiConfidenceOf,
  decide,
  type InvoiceDecision,
  type PossibleDuplicate,
  validateInvoice,
} from '../validation/validate';
import type { AnalyzeExpenseResponse, ExpenseAnalyzerPort, ExpenseDocumentInput } from './expense-types';
import { normalize } from './normalize';
import type { ExtractedInvoice } from './types';

export interface ExtractionContext {
  categories?: ExpenseCategory[];
  orgMemory?: OrgMemory;
  vendors?: Array<{ id: string; name: string; aliases?: string[] }>;
  properties?: Array<{ id: string; name: string; address: string }>;
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
  category: ExpenseCategory | null;
  vendorMatch: { vendorId: string; score: number } | null;
  propertyMatch: { propertyId: string; score: number } | null;
  aiConfidence: number;
  status: InvoiceDecision;
  reviewReasons: string[];
}

/** Classify step: category, vendor match and property match for an extracted invoice. */
export function classifyInvoice(invoice: ExtractedInvoice, ctx: ExtractionContext = {}) {
  const categories = ctx.categories ?? DEFAULT_CATEGORIES;
  const classification = classify(
    { vendorName: invoice.vendorName, lineDescriptions: invoice.lineItems.map((i) => i.description) },
    ctx.orgMemory,
    categories,
  );
  return {
    classification,
    category: categories.find((c) => c.code === classification.categoryCode) ?? null,
    vendorMatch: matchVendor(invoice.vendorName, ctx.vendors ?? []),
    propertyMatch: null as { propertyId: string; score: number } | null,
  };
}

/** Validate and Decide steps: review reasons, overall confidence and the resulting status. */
export async function validateAndDecide(invoice: ExtractedInvoice, ctx: ExtractionContext = {}) {
  const duplicates = ctx.duplicatesFinder ? await ctx.duplicatesFinder(invoice) : [];
  const reviewReasons = validateInvoice(invoice, { duplicates, today: ctx.today });
  const aiConfidence = aiConfidenceOf(invoice);
  const threshold = ctx.confidenceThreshold ?? 0.8;
  if (aiConfidence < threshold && reviewReasons.length === 0) {
    reviewReasons.push(
      `Overall extraction confidence ${Math.round(aiConfidence * 100)}% is below ${Math.round(threshold * 100)}%.`,
    );
  }
  return { reviewReasons, aiConfidence, status: decide(reviewReasons, aiConfidence, threshold) };
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
  const classified = classifyInvoice(invoice, ctx);
  // The service address is usually printed apart from the vendor's; any address text may name it.
  const addressText = (response.ExpenseDocuments ?? [])
    .flatMap((d) => d.SummaryFields ?? [])
    .filter((f) => /ADDRESS/.test(f.Type?.Text ?? '') && !/VENDOR/.test(f.Type?.Text ?? ''))
    .map((f) => f.ValueDetection?.Text ?? '')
    .join('\n');
  const propertyMatch = matchProperty(addressText || null, ctx.properties ?? []);
  const decided = await validateAndDecide(invoice, ctx);
  return { invoice, ...classified, propertyMatch, ...decided };
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

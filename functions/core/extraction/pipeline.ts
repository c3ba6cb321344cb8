import { SKIP_REVIEW_CONFIDENCE } from '../../../shared/constants';
import { fieldsWith } from '../../../shared/invoice-fields';
import type { Allocation, DuplicateOf, VendorMatch } from '../../../shared/schemas';
import { DEFAULT_CATEGORIES, type ExpenseCategory } from '../classification/categories';
import {
  CATEGORY_MIN_CONFIDENCE,
  type ClassificationResult,
  classify,
  type OrgMemory,
} from '../classification/classify';
import { matchProperty, type VendorDetails } from '../classification/match';
import { chooseSeller, type DocumentEvidence } from '../classification/seller';
import {
  aiConfidenceOf,
  duplicateMatches,
  explainDecision,
  type InvoiceDecision,
  isUnreadable,
  LOW_CONFIDENCE,
  type PossibleDuplicate,
  UNREADABLE_REASON,
  validateInvoice,
} from '../validation/validate';
import {
  type ApprovedInvoiceFact,
  addDays,
  departuresFrom,
  FIRST_INVOICE_REASON,
  propertyFromHistory,
  usualCurrency,
  usualTerms,
} from '../vendors/history';
import { applyLayoutMemory, type LayoutMemory, memoryConfidence } from '../vendors/memory';
import { paymentAccountsIn } from '../vendors/payment-accounts';
import { splitAsUsual, usualSplit } from '../vendors/usual-split';
import { applyEInvoice, type EInvoice, type EmbeddedFilesReader, readEmbeddedEInvoice } from './e-invoice';
import type { AnalyzeExpenseResponse, ExpenseAnalyzer, ExpenseDocumentInput } from './expense-types';
import { layoutOf, type PageLine } from './layout';
import { normalize } from './normalize';
import { amountsConfirm, printedRates } from './tax-rates';
import type { ExtractedInvoice } from './types';

/** An organization's category; `id` is the stored category's (absent for the default chart). */
export type OrgCategory = ExpenseCategory & { id?: string };

/** A vendor the organization knows (or one just suggested from an invoice). */
export type KnownVendor = VendorDetails & {
  id: string;
  name: string;
  aliases?: string[];
  website?: string | null;
  status?: string;
  defaultCategoryId?: string | null;
  currency?: string | null;
};

/**
 * What the steps after Extract know of the organization. `npm run extract` passes little or nothing;
 * the workflow builds it from the organization's stored data (`functions/workflow/lib/org-data.ts`),
 * and both run the same functions below with it.
 */
export interface ExtractionContext {
  categories?: OrgCategory[];
  orgMemory?: OrgMemory;
  /** INACTIVE vendors and properties are never matched. */
  vendors?: KnownVendor[];
  properties?: Array<{ id: string; name: string; address: string; status?: string }>;
  /**
   * The organization's own names (its name and the legal names it sets): with its properties' names
   * and addresses they are the buyer, never chosen as the seller.
   */
  buyerNames?: string[];
  /**
   * What the organization learned of a vendor's layouts from its approved invoices (none without it:
   * `npm run extract` reads as a fresh organization).
   */
  layoutMemory?: (vendorId: string) => Promise<LayoutMemory[]>;
  /**
   * The invoices of a vendor the organization approved (core/vendors/history.ts): with it, a vendor
   * never approved, or an invoice far from the vendor's history, is sent to review. Without it
   * (`npm run extract`) nothing is known of the vendors.
   */
  vendorHistory?: (vendorId: string) => Promise<ApprovedInvoiceFact[]>;
  /** The organization: what the bank-account fingerprints of its vendors are salted with. */
  orgId?: string;
  /** With `vendorHistory`: whether a vendor's first invoice goes to review (the organization's setting; default on). */
  reviewNewVendors?: boolean;
  /** The address an e-mailed invoice came from (evidence for the seller). */
  sender?: string | null;
  /** Makes a SUGGESTED vendor from an invoice no known vendor is linked to (or finds the one made before). */
  suggestVendor?: (invoice: ExtractedInvoice) => Promise<KnownVendor>;
  /** The organization's currency, for an invoice that states none and whose vendor has none. */
  defaultCurrency?: string;
  /** Finds stored invoices that may be the same one (by vendor, number, total, date). */
  duplicatesFinder?: (invoice: ExtractedInvoice) => Promise<PossibleDuplicate[]>;
  /** The earliest other invoice of the organization with the same file bytes. */
  identicalFile?: () => Promise<DuplicateOf | null>;
  /** Overall confidence needed for PROCESSED (default 0.8). */
  confidenceThreshold?: number;
  /** "Today" (YYYY-MM-DD) for the date checks. */
  today?: string;
}

/** What Classify finds: the category, vendor, property and currency of an invoice. */
export interface Classified {
  /** The invoice with the seller the organization's evidence chose (the buyer's names never). */
  invoice: ExtractedInvoice;
  /** How the vendor and the property were found, for the reviewer. */
  notes: string[];
  /** The category answer, after the rules below (null category when none is filed). */
  classification: ClassificationResult;
  category: OrgCategory | null;
  vendorMatch: VendorMatch | null;
  propertyMatch: { propertyId: string; score: number; by: 'address' | 'name' | 'account' | 'usual' } | null;
  /** The vendor's usual split over properties, shared out over this total (none when it has no usual one). */
  allocations: Allocation[];
  /** ISO 4217: extracted, else the vendor's, else the organization's default; null when none is known. */
  currency: string | null;
}

/** What Validate and Decide conclude. */
export interface Decided {
  reviewReasons: string[];
  aiConfidence: number;
  status: InvoiceDecision;
  /** The earlier invoice this one probably duplicates. */
  duplicateOf: DuplicateOf | null;
  /** Set when nothing that makes an invoice was read. */
  readFailure: string | null;
}

export type ExtractionResult = Classified & Decided;

function withoutVendorLocation(locations: ExtractedInvoice['locations']): ExtractedInvoice['locations'] {
  const { vendorName: _, ...rest } = locations;
  return rest;
}

const NO_CATEGORY = { categoryCode: null, confidence: 0, source: 'none' } as const;

/**
 * Classify step: the vendor (linked by name, tax id, e-mail, phone or address; when none matches and
 * the context can, made as a SUGGESTED vendor from the invoice), the property (from the address text),
 * and the category from the organization's chart, where what its reviewers taught wins over the
 * vendor's default category, which wins over the trained model; a model answer below
 * CATEGORY_MIN_CONFIDENCE leaves the category for a person. Once the vendor is known, what the
 * organization learned of that vendor's layout (`layout`: the document's lines) reads its fields first
 * (core/vendors/memory.ts), saying so in the notes. The workflow's Classify state runs this.
 */
export async function classifyInvoice(
  read: ExtractedInvoice,
  ctx: ExtractionContext = {},
  addressText: string | null = null,
  evidence: DocumentEvidence | null = null,
  layout: PageLine[] | null = null,
): Promise<Classified> {
  const categories: OrgCategory[] = ctx.categories ?? DEFAULT_CATEGORIES;
  const vendors = (ctx.vendors ?? []).filter((v) => v.status !== 'INACTIVE');
  const properties = (ctx.properties ?? []).filter((p) => p.status !== 'INACTIVE');
  const seller = chooseSeller(
    {
      name: read.vendorName,
      email: read.vendorEmail,
      phone: read.vendorPhone,
      address: read.vendorAddress,
      confidence: read.confidence.vendorName,
    },
    evidence,
    {
      names: [...(ctx.buyerNames ?? []), ...properties.map((p) => p.name)],
      addresses: properties.map((p) => p.address),
    },
    vendors,
    ctx.sender ?? null,
  );
  const sellerConfidence = Math.round(seller.confidence * 100) / 100;
  let invoice =
    seller.vendorName === read.vendorName
      ? {
          ...read,
          // The same name may be surer than read: it is one of the organization's vendors' names.
          confidence: {
            ...read.confidence,
            vendorName: Math.max(read.confidence.vendorName ?? 0, sellerConfidence),
          },
        }
      : {
          ...read,
          vendorName: seller.vendorName,
          confidence: { ...read.confidence, vendorName: sellerConfidence },
          // The location was of the name set aside; the one chosen is found elsewhere (or is the master's).
          locations: withoutVendorLocation(read.locations),
        };
  const link = seller.link;
  const notes = seller.note ? [seller.note] : [];
  let vendor = link ? vendors.find((v) => v.id === link.vendorId) : undefined;
  let vendorMatch: VendorMatch | null = link;
  if (!vendor && invoice.vendorName && ctx.suggestVendor) {
    // The suggestion may find a vendor made before under the same name; an INACTIVE one stays unlinked.
    const suggested = await ctx.suggestVendor(invoice);
    if (suggested.status !== 'INACTIVE') {
      vendor = suggested;
      vendorMatch = { vendorId: suggested.id, score: 1, by: 'created' };
    }
  }
  // The vendor's memory of this layout reads first; without one that applies the reading stands as it is.
  if (vendor && layout?.length && ctx.layoutMemory) {
    const remembered = applyLayoutMemory(invoice, layout, await ctx.layoutMemory(vendor.id));
    if (remembered) {
      invoice = remembered.invoice;
      notes.push(remembered.note);
    }
  }
  const history = vendor && ctx.vendorHistory ? await ctx.vendorHistory(vendor.id) : [];
  const usual = withUsualCurrency(invoice, usualCurrency(history));
  if (usual) {
    invoice = usual.invoice;
    notes.push(usual.note);
  }
  const terms = withUsualTerms(invoice, usualTerms(history));
  if (terms) {
    invoice = terms.invoice;
    notes.push(terms.note);
  }
  invoice = withConfirmedAmounts(invoice, layout ?? []);
  // The service address first: a utility bill names its property there.
  let propertyMatch: Classified['propertyMatch'] = matchProperty(
    [invoice.serviceAddress, addressText].filter(Boolean).join('\n') || null,
    properties,
  );
  let fromHistory: ReturnType<typeof propertyFromHistory> = null;
  // Nothing on the page names a property: the vendor's approved invoices may (its utility account's property).
  if (!propertyMatch && vendor && ctx.vendorHistory) {
    fromHistory = propertyFromHistory(history, invoice.accountNumber);
    const known = fromHistory && properties.some((p) => p.id === fromHistory?.propertyId);
    if (fromHistory && known)
      propertyMatch = { propertyId: fromHistory.propertyId, score: 1, by: fromHistory.by };
  }
  const property = propertyMatch && properties.find((p) => p.id === propertyMatch.propertyId);
  if (property)
    notes.push(propertyNote(property, propertyMatch?.by, invoice.accountNumber, fromHistory?.count));
  // Nor does it name one to split over: the vendor's approved invoices may all have been split alike.
  const split = propertyMatch
    ? null
    : splitAsUsual(usualSplit(history), invoice.totalAmount, properties, categories);
  if (split) notes.push(split.note);
  let classification = classify(
    { vendorName: invoice.vendorName, lineDescriptions: invoice.lineItems.map((i) => i.description) },
    ctx.orgMemory,
    categories,
  );
  if (classification.source === 'model' && classification.confidence < CATEGORY_MIN_CONFIDENCE)
    classification = { ...classification, ...NO_CATEGORY };
  const byDefault =
    classification.source !== 'org-memory' && vendor?.defaultCategoryId
      ? categories.find((c) => c.id === vendor.defaultCategoryId)
      : undefined;
  if (byDefault) {
    classification = {
      ...classification,
      categoryCode: byDefault.code,
      source: 'org-memory',
      confidence: 0.95,
    };
  }
  const category = categories.find((c) => c.code === classification.categoryCode) ?? null;
  if (!category) classification = { ...classification, ...NO_CATEGORY };
  return {
    invoice,
    notes,
    classification,
    category,
    vendorMatch,
    propertyMatch,
    allocations: split?.allocations ?? [],
    currency: invoice.currency ?? vendor?.currency ?? ctx.defaultCurrency ?? null,
  };
}

/**
 * The vendor's usual currency where the reading is unsure of its own or found none, with the confidence
 * its approved invoices give it (as a layout memory confirmed that often). A sure reading that differs
 * stands: Validate says it departs from the vendor's history.
 */
function withUsualCurrency(
  invoice: ExtractedInvoice,
  usual: ReturnType<typeof usualCurrency>,
): { invoice: ExtractedInvoice; note: string } | null {
  if (!usual) return null;
  const read = invoice.confidence.currency ?? 0;
  if (invoice.currency !== null && read >= SKIP_REVIEW_CONFIDENCE) return null;
  const learned = memoryConfidence({ right: usual.count - 1, wrong: 0 });
  const agrees = invoice.currency === usual.currency;
  if (agrees && read >= learned) return null;
  return {
    invoice: {
      ...invoice,
      currency: usual.currency,
      confidence: { ...invoice.confidence, currency: agrees ? Math.max(read, learned) : learned },
    },
    note: `Currency ${usual.currency}: this vendor's last ${usual.count} approved invoices were in ${usual.currency}.`,
  };
}

/**
 * A subtotal and tax that the arithmetic confirms (amountsConfirm: the tax at a usual or printed rate of
 * the subtotal, the two adding up to the total) are as sure as the total they add up to: where the
 * total is read surely, a person checking the sums would find nothing. Otherwise the reading stands.
 */
function withConfirmedAmounts(invoice: ExtractedInvoice, lines: readonly PageLine[]): ExtractedInvoice {
  const total = invoice.confidence.totalAmount ?? 0;
  const { subtotal = 0, taxAmount = 0 } = invoice.confidence;
  if (total < SKIP_REVIEW_CONFIDENCE || Math.min(subtotal, taxAmount) >= total) return invoice;
  // The page's own rates are read only for an invoice the sums may vouch for.
  if (!amountsConfirm(invoice, printedRates(lines.map((l) => l.text)))) return invoice;
  return {
    ...invoice,
    confidence: {
      ...invoice.confidence,
      subtotal: Math.max(subtotal, total),
      taxAmount: Math.max(taxAmount, total),
    },
  };
}

/** "30 days after their date", "about 30 days after their date", "on their date". */
const termsWords = ({ days, exact }: { days: number; exact: boolean }) =>
  days === 0 && exact
    ? 'on their date'
    : `${exact ? '' : 'about '}${days} day${days === 1 ? '' : 's'} after their date`;

/**
 * The due date the vendor's payment terms give an invoice whose due date was read unsure or not at all:
 * its invoice date plus the days its approved invoices were due after theirs, as sure as those
 * approvals make it (as a layout memory confirmed that often) and never surer than the invoice date it
 * counts from. A sure reading stands: terms change, and the invoice says so.
 */
function withUsualTerms(
  invoice: ExtractedInvoice,
  usual: ReturnType<typeof usualTerms>,
): { invoice: ExtractedInvoice; note: string } | null {
  if (!usual || !invoice.invoiceDate) return null;
  const read = invoice.confidence.dueDate ?? 0;
  if (invoice.dueDate !== null && read >= SKIP_REVIEW_CONFIDENCE) return null;
  const dueDate = addDays(invoice.invoiceDate, usual.days);
  if (!dueDate) return null;
  const learned = Math.min(
    memoryConfidence({ right: usual.count - 1, wrong: 0 }),
    invoice.confidence.invoiceDate ?? 0,
  );
  const agrees = invoice.dueDate === dueDate;
  if (agrees && read >= learned) return null;
  // A replaced reading's place on the page is not where this date came from.
  const { dueDate: _, ...locations } = invoice.locations;
  return {
    invoice: {
      ...invoice,
      dueDate,
      confidence: { ...invoice.confidence, dueDate: agrees ? Math.max(read, learned) : learned },
      locations: agrees ? invoice.locations : locations,
    },
    note: `Due date ${dueDate}: this vendor's last ${usual.count} approved invoices were due ${termsWords(usual)}.`,
  };
}

/** How the property was found, for the reviewer. */
function propertyNote(
  property: { name: string; address: string },
  by: NonNullable<Classified['propertyMatch']>['by'] | undefined,
  accountNumber: string | null,
  count = 0,
): string {
  if (by === 'name') return `Property ${property.name}: its name is on the invoice.`;
  if (by === 'account')
    return `Property ${property.name}: account ${accountNumber} was booked to it on an approved invoice.`;
  if (by === 'usual')
    return `Property ${property.name}: this vendor's last ${count} approved invoices were for it.`;
  return `Property ${property.name}: its address ${property.address} is on the invoice.`;
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

/** Seller names kept as evidence, and characters of the document's text (bounds the run record). */
const MAX_SELLER_NAMES = 8;
const MAX_EVIDENCE_TEXT = 8000;
const SELLER_NAME_TYPES = ['VENDOR_NAME', 'VENDOR_NAME_ALTERNATIVE'];

/**
 * What Classify weighs the organization's knowledge against: the seller names the reading found
 * (its pick, then the next candidates: the local engine's next-best names, Textract's other vendor
 * names) and the document's lines.
 */
export function evidenceOf(response: AnalyzeExpenseResponse): DocumentEvidence {
  const names: Array<{ text: string; rank: number; confidence: number }> = [];
  const lines: string[] = [];
  for (const doc of response.ExpenseDocuments ?? []) {
    for (const field of doc.SummaryFields ?? []) {
      const type = field.Type?.Text ?? '';
      const text = field.ValueDetection?.Text?.replace(/\s+/g, ' ').trim();
      const groups = (field.GroupProperties ?? []).flatMap((g) => g.Types ?? []);
      const rank = SELLER_NAME_TYPES.indexOf(type);
      if (!text) continue;
      if (rank >= 0 || (type === 'NAME' && groups.includes('VENDOR')))
        names.push({ text, rank: rank < 0 ? 1 : rank, confidence: field.ValueDetection?.Confidence ?? 0 });
    }
    for (const block of doc.Blocks ?? [])
      if (block.BlockType === 'LINE' && block.Text) lines.push(block.Text);
  }
  names.sort((a, b) => a.rank - b.rank || b.confidence - a.confidence);
  return {
    sellerNames: [...new Set(names.map((n) => n.text))].slice(0, MAX_SELLER_NAMES),
    text: lines.join('\n').slice(0, MAX_EVIDENCE_TEXT),
  };
}

/**
 * The AP controls on the vendor: an invoice of a vendor whose invoices were never approved (linked to
 * none, or to one only suggested) is a first; a known vendor's invoice far from its history says how.
 */
async function vendorDepartures(
  invoice: ExtractedInvoice,
  ctx: ExtractionContext,
  linked: { vendorId: string | null; currency: string | null },
  lines: readonly string[],
): Promise<string[]> {
  if (!ctx.vendorHistory || !invoice.vendorName) return [];
  const departures = linked.vendorId
    ? departuresFrom(await ctx.vendorHistory(linked.vendorId), {
        invoiceNumber: invoice.invoiceNumber,
        totalAmount: invoice.totalAmount,
        currency: linked.currency ?? invoice.currency,
        paymentAccounts: paymentAccountsIn(ctx.orgId ?? '', lines),
        vendorAddress:
          (invoice.confidence.vendorAddress ?? 0) >= SKIP_REVIEW_CONFIDENCE ? invoice.vendorAddress : null,
        // An unsure tax or subtotal is held for its confidence already; it is no evidence of a change.
        ...(Math.min(invoice.confidence.subtotal ?? 0, invoice.confidence.taxAmount ?? 0) >=
        SKIP_REVIEW_CONFIDENCE
          ? { subtotal: invoice.subtotal, taxAmount: invoice.taxAmount }
          : {}),
      })
    : [FIRST_INVOICE_REASON];
  return ctx.reviewNewVendors === false ? departures.filter((r) => r !== FIRST_INVOICE_REASON) : departures;
}

const nameOf = (d: DuplicateOf) =>
  d.invoiceNumber ? `invoice ${d.invoiceNumber}` : `invoice #${d.id.slice(-8)}`;

/**
 * Validate and Decide steps: a file with nothing of an invoice on it is 'could not read'; otherwise
 * arithmetic, dates and confidence (`validateInvoice`) and duplicates: the same file bytes uploaded
 * before, or a stored invoice of the same vendor with the same number, or the same total and date.
 * Every invoice sent to review carries at least one reason in words.
 */
export async function validateAndDecide(
  invoice: ExtractedInvoice,
  ctx: ExtractionContext = {},
  /** The vendor Classify linked and the invoice's currency as Classify settled it. */
  linked: { vendorId: string | null; currency: string | null } = { vendorId: null, currency: null },
  /** The document's lines: the bank accounts it asks to be paid to are read from them. */
  lines: readonly string[] = [],
): Promise<Decided> {
  const aiConfidence = aiConfidenceOf(invoice);
  if (isUnreadable(invoice)) {
    return {
      reviewReasons: [UNREADABLE_REASON],
      aiConfidence,
      status: 'REVIEW_REQUIRED',
      duplicateOf: null,
      readFailure: UNREADABLE_REASON,
    };
  }
  const duplicates = ctx.duplicatesFinder ? await ctx.duplicatesFinder(invoice) : [];
  const reasons = validateInvoice(invoice, { duplicates, today: ctx.today });
  reasons.push(...(await vendorDepartures(invoice, ctx, linked, lines)));
  const sameFile = ctx.identicalFile ? await ctx.identicalFile() : null;
  if (sameFile)
    reasons.unshift(`Possible duplicate of ${nameOf(sameFile)}: the same file was uploaded before.`);
  const fuzzy = duplicateMatches(invoice, duplicates)[0];
  const { decision, reasons: explained } = explainDecision(
    reasons,
    aiConfidence,
    ctx.confidenceThreshold ?? 0.8,
  );
  return {
    reviewReasons: explained,
    aiConfidence,
    status: decision,
    duplicateOf:
      sameFile ??
      (fuzzy ? { id: fuzzy.other.id, invoiceNumber: fuzzy.other.invoiceNumber, match: fuzzy.match } : null),
    readFailure: null,
  };
}

/**
 * Runs the whole extraction on one file: Extract (the analyser, and the e-invoice XML a PDF carries
 * when `embeddedFiles` can list its attachments) → Normalize → Classify → Validate → Decide. The
 * workflow runs the same steps one state at a time; each is exported.
 */
export async function extractInvoice(
  deps: { analyzer: ExpenseAnalyzer; embeddedFiles?: EmbeddedFilesReader },
  file: ExpenseDocumentInput,
  ctx: ExtractionContext = {},
): Promise<ExtractionResult> {
  const [response, eInvoice] = await Promise.all([
    deps.analyzer.analyze(file),
    readEmbeddedEInvoice(file, deps.embeddedFiles),
  ]);
  return processAnalysis(response, ctx, eInvoice);
}

/**
 * The fields without which a reading is no use: the overall confidence weighs them most, and the
 * cloud asks Textract when one is unsure.
 */
export const KEY_FIELDS = fieldsWith('key');

/**
 * The key fields a reading is unsure of: not found, or read with a (calibrated) confidence that
 * Validate would flag. In the cloud, a text PDF the local engine is unsure of is read again by
 * Textract (the workflow's ExtractLocally state); every other text PDF never reaches Textract.
 */
export function unsureFields(invoice: ExtractedInvoice): string[] {
  return KEY_FIELDS.filter((f) => invoice[f] === null || invoice.confidence[f] < LOW_CONFIDENCE);
}

/** Line items kept per invoice: bounds the workflow's run record (DynamoDB items are at most 400 KB). */
export const MAX_LINE_ITEMS = 500;

/**
 * Normalize step: the analyser's answer as invoice fields, line items (at most MAX_LINE_ITEMS) and
 * per-field confidence, with the address text the property match reads. A hybrid e-invoice's own
 * XML (`eInvoice`, see e-invoice.ts), when the document carries one, wins over the reading of the
 * page for every value it states; the reading fills the rest.
 */
export function normalizeAnalysis(
  response: AnalyzeExpenseResponse,
  eInvoice: EInvoice | null = null,
): {
  invoice: ExtractedInvoice;
  addressText: string | null;
  evidence: DocumentEvidence;
  /** The document's lines, for the vendor's layout memory (Classify reads with it, approval learns from it). */
  layout: PageLine[];
} {
  const read = normalize(response);
  const invoice = eInvoice ? applyEInvoice(read, eInvoice) : read;
  invoice.lineItems = invoice.lineItems.slice(0, MAX_LINE_ITEMS);
  const evidence = evidenceOf(response);
  // The e-invoice's own seller is stated, not read: no other candidate stands beside it.
  if (eInvoice && invoice.vendorName !== read.vendorName) evidence.sellerNames = [];
  return { invoice, addressText: addressTextOf(response), evidence, layout: layoutOf(response) };
}

/**
 * Normalize → Classify → Validate → Decide on an analyser's answer (what follows Extract), with the
 * document's e-invoice XML when it has one.
 */
export async function processAnalysis(
  response: AnalyzeExpenseResponse,
  ctx: ExtractionContext = {},
  eInvoice: EInvoice | null = null,
): Promise<ExtractionResult> {
  const { invoice: read, addressText, evidence, layout } = normalizeAnalysis(response, eInvoice);
  const classified = await classifyInvoice(read, ctx, addressText, evidence, layout);
  const decided = await validateAndDecide(
    classified.invoice,
    ctx,
    { vendorId: classified.vendorMatch?.vendorId ?? null, currency: classified.currency },
    layout.map((l) => l.text),
  );
  return { ...classified, ...decided };
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

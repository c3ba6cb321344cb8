import { SKIP_REVIEW_CONFIDENCE } from '../../../shared/constants';
import { fieldsWith, fieldWords } from '../../../shared/invoice-fields';
import { addsUpToTotal } from '../extraction/tax-rates';
import type { ExtractedInvoice, FieldConfidence } from '../extraction/types';

/** An invoice already stored that may be the same one (found by the caller). */
export interface PossibleDuplicate {
  id: string;
  invoiceNumber: string | null;
  vendorName: string | null;
  totalAmount: number | null;
  invoiceDate: string | null;
}

/** Below this a field's (calibrated) confidence is flagged for review. */
export const LOW_CONFIDENCE = 0.6;

export interface ValidationOptions {
  /** Invoices that may be duplicates of this one. */
  duplicates?: PossibleDuplicate[];
  /** A field below this confidence is flagged for review (default LOW_CONFIDENCE). */
  lowConfidenceThreshold?: number;
  /** "Today" as YYYY-MM-DD, for the date checks (default: the current UTC date). */
  today?: string;
}

/**
 * The fields a bill is paid from and filed under (`billed` in shared/invoice-fields.ts). Not the vendor's
 * address: a bill goes out with its known vendor's address of record.
 */
const BILL_FIELDS = fieldsWith('billed');
type BillField = (typeof BILL_FIELDS)[number];

const cents = (n: number) => Math.round(n * 100);
const money = (n: number) => n.toFixed(2);
const key = (s: string | null | undefined) => (s ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Checks an extracted invoice and returns, in plain words, every reason a person should look at
 * it: missing vendor or total, a negative total (a credit note), line items that do not add up to
 * the subtotal, subtotal plus tax not matching the total (within a cent), a due date before the
 * invoice date, absurd dates (before 2000 or over a year ahead), fields read with low confidence, and
 * likely duplicates (same vendor and invoice number, or same vendor, total and date). An empty list
 * means nothing to review.
 */
export function validateInvoice(invoice: ExtractedInvoice, options: ValidationOptions = {}): string[] {
  const reasons: string[] = [];
  const threshold = options.lowConfidenceThreshold ?? LOW_CONFIDENCE;
  const today = options.today ?? new Date().toISOString().slice(0, 10);

  if (!invoice.vendorName) reasons.push('The vendor name could not be read.');
  if (invoice.totalAmount === null) reasons.push('The total amount could not be read.');
  // A credit note (Avoir, Gutschrift) reads as a negative total: money owed to the organization, never
  // a bill to pay as it stands, so a person decides what to do with it.
  else if (invoice.totalAmount < 0)
    reasons.push(
      `The total ${money(invoice.totalAmount)} is negative: this looks like a credit note, not a bill to pay.`,
    );

  const itemTotals = invoice.lineItems.map((i) => i.totalPrice).filter((v): v is number => v !== null);
  if (itemTotals.length > 0 && itemTotals.length === invoice.lineItems.length) {
    const sum = itemTotals.reduce((s, v) => s + cents(v), 0);
    const against = invoice.subtotal ?? (invoice.taxAmount === null ? invoice.totalAmount : null);
    // Prices with the tax in them (receipts print them so) add up to the total instead.
    const gross =
      invoice.taxAmount !== null &&
      invoice.totalAmount !== null &&
      Math.abs(sum - cents(invoice.totalAmount)) <= 1;
    if (against !== null && Math.abs(sum - cents(against)) > 1 && !gross) {
      const what = invoice.subtotal !== null ? 'subtotal' : 'total';
      reasons.push(`The line items add up to ${money(sum / 100)}, but the ${what} is ${money(against)}.`);
    }
  }
  if (addsUpToTotal(invoice) === false) {
    const [subtotal, tax, total] = [invoice.subtotal ?? 0, invoice.taxAmount ?? 0, invoice.totalAmount ?? 0];
    reasons.push(
      `Subtotal ${money(subtotal)} plus tax ${money(tax)} is ${money((cents(subtotal) + cents(tax)) / 100)}, not the total ${money(total)}.`,
    );
  }

  const latest = addDays(today, 365);
  for (const [field, label] of [
    ['invoiceDate', 'invoice date'],
    ['dueDate', 'due date'],
  ] as const) {
    const value = invoice[field];
    if (!value) continue;
    if (value < '2000-01-01') reasons.push(`The ${label} ${value} is before 2000.`);
    else if (value > latest) reasons.push(`The ${label} ${value} is more than a year in the future.`);
  }
  if (invoice.invoiceDate && invoice.dueDate && invoice.dueDate < invoice.invoiceDate) {
    reasons.push(`The due date ${invoice.dueDate} is before the invoice date ${invoice.invoiceDate}.`);
  }

  for (const field of BILL_FIELDS) {
    const present = invoice[field] !== null;
    const confidence = invoice.confidence[field] ?? 0;
    if (present && confidence < threshold) {
      reasons.push(`Low confidence in the ${fieldWords(field)} (${Math.round(confidence * 100)}%).`);
    }
  }

  for (const { other, match } of duplicateMatches(invoice, options.duplicates ?? [])) {
    const name = other.invoiceNumber ? `invoice ${other.invoiceNumber}` : `invoice #${other.id.slice(-8)}`;
    reasons.push(
      match === 'same_number'
        ? `Possible duplicate of ${name}: same vendor and invoice number.`
        : `Possible duplicate of ${name}: same vendor, total and date.`,
    );
  }
  // Two earlier copies with the same number read the same: the reviewer is told once.
  return [...new Set(reasons)];
}

/**
 * The stored invoices this one probably duplicates (same vendor and invoice number, or same vendor,
 * total and date), most certain first.
 */
export function duplicateMatches(
  invoice: Pick<ExtractedInvoice, 'vendorName' | 'invoiceNumber' | 'totalAmount' | 'invoiceDate'>,
  others: PossibleDuplicate[],
): { other: PossibleDuplicate; match: 'same_number' | 'same_amount_date' }[] {
  const out: { other: PossibleDuplicate; match: 'same_number' | 'same_amount_date' }[] = [];
  for (const other of others) {
    const sameVendor = key(other.vendorName) !== '' && key(other.vendorName) === key(invoice.vendorName);
    if (!sameVendor) continue;
    if (invoice.invoiceNumber && key(other.invoiceNumber) === key(invoice.invoiceNumber)) {
      out.push({ other, match: 'same_number' });
    } else if (
      invoice.totalAmount !== null &&
      other.totalAmount !== null &&
      cents(other.totalAmount) === cents(invoice.totalAmount) &&
      other.invoiceDate !== null &&
      other.invoiceDate === invoice.invoiceDate
    ) {
      out.push({ other, match: 'same_amount_date' });
    }
  }
  return out.sort((a, b) => (a.match === b.match ? 0 : a.match === 'same_number' ? -1 : 1));
}

/** The reason given when a file yields no invoice at all. */
export const UNREADABLE_REASON =
  'No invoice details (amounts, invoice number or dates) could be read from this file.';

/**
 * A file is not a readable invoice when nothing that makes an invoice was read: no amount (total,
 * subtotal, tax or any line amount), no invoice number and no date. A name alone (any letterhead has
 * one) does not make an invoice.
 */
export function isUnreadable(invoice: ExtractedInvoice): boolean {
  const amounts = [invoice.totalAmount, invoice.subtotal, invoice.taxAmount].some((v) => v !== null);
  const lineAmounts = invoice.lineItems.some((l) => l.totalPrice !== null || l.unitPrice !== null);
  return !amounts && !lineAmounts && !invoice.invoiceNumber && !invoice.invoiceDate && !invoice.dueDate;
}

/** Weights of the fields in the overall confidence: the total matters most. */
const CONFIDENCE_WEIGHTS: Partial<Record<keyof FieldConfidence, number>> = {
  vendorName: 1,
  invoiceDate: 1,
  totalAmount: 2,
  invoiceNumber: 0.5,
  currency: 0.5,
};

/**
 * One 0..1 figure for how much the extraction can be trusted: the weighted mean of the key
 * fields' confidences (a field not found counts as 0).
 */
export function aiConfidenceOf(invoice: ExtractedInvoice): number {
  let sum = 0;
  let weights = 0;
  for (const [field, w] of Object.entries(CONFIDENCE_WEIGHTS) as Array<[keyof FieldConfidence, number]>) {
    sum += w * (invoice.confidence[field] ?? 0);
    weights += w;
  }
  return Math.round((sum / weights) * 100) / 100;
}

/** The vendor's details read beside its name: not on the bill, but the vendor is linked by them. */
const CONTACT_FIELDS = ['vendorAddress', 'vendorEmail', 'vendorPhone'] as const;
type ContactField = (typeof CONTACT_FIELDS)[number];

/**
 * Whether the invoice is read surely enough to go without a person: its date was read (the day it is
 * booked on; Validate already asks for a vendor and a total), every field of the bill that was read
 * reaches `threshold`, and no contact detail read (address, e-mail, phone) is in doubt (below
 * LOW_CONFIDENCE). The contact details need not be sure, since a bill goes out with its known
 * vendor's details of record, but the vendor may have been linked by one of them, and a value the
 * reader doubts is seen by a person first. A field the page does not have (a due date, a tax line)
 * is no doubt.
 */
export function readSurely(
  invoice: Pick<ExtractedInvoice, BillField | ContactField>,
  confidence: Partial<Record<string, number>>,
  threshold = SKIP_REVIEW_CONFIDENCE,
): boolean {
  const readAt = (f: BillField | ContactField, mark: number) =>
    invoice[f] === null || (confidence[f] ?? 0) >= mark;
  return (
    invoice.invoiceDate !== null &&
    BILL_FIELDS.every((f) => readAt(f, threshold)) &&
    CONTACT_FIELDS.every((f) => readAt(f, LOW_CONFIDENCE))
  );
}

export type InvoiceDecision = 'PROCESSED' | 'REVIEW_REQUIRED';

/**
 * The outcome of processing: PROCESSED only when there is nothing to review and the overall
 * confidence reaches the threshold (default 0.8), else REVIEW_REQUIRED.
 */
export function decide(reviewReasons: string[], aiConfidence: number, threshold = 0.8): InvoiceDecision {
  return reviewReasons.length === 0 && aiConfidence >= threshold ? 'PROCESSED' : 'REVIEW_REQUIRED';
}

/**
 * The decision with the reasons a person reads. An invoice sent to review always says why: when no
 * check failed, the low overall confidence is the reason, in words.
 */
export function explainDecision(
  reviewReasons: string[],
  aiConfidence: number,
  threshold = 0.8,
): { decision: InvoiceDecision; reasons: string[] } {
  const decision = decide(reviewReasons, aiConfidence, threshold);
  if (decision === 'PROCESSED' || reviewReasons.length > 0) return { decision, reasons: reviewReasons };
  const pct = (n: number) => Math.round(n * 100);
  return {
    decision,
    reasons: [
      `The AI is ${pct(aiConfidence)}% sure of what it read, below the ${pct(threshold)}% needed to process it without review.`,
    ],
  };
}

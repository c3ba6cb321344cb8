import type { FieldLocation } from '../../../shared/schemas/invoice';
import type { AnalyzeExpenseResponse, ExpenseField } from './expense-types';
import {
  type DateOrder,
  dateOrderForCurrency,
  detectCurrency,
  findDates,
  isVatId,
  parseAmount,
} from './parse-values';
import type { ExtractedInvoice, ExtractedLineItem, FieldConfidence, FieldLocations } from './types';

/** A summary field together with where it came from. */
interface Candidate {
  field: ExpenseField;
  type: string;
  text: string;
  /** 0..1, the lower of Textract's confidence in the field type and in the value. */
  confidence: number;
  documentIndex: number;
  page: number;
  groups: string[];
}

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/i;

/** Confidence as 0..1 from Textract's 0..100, with a missing value read as "not sure". */
function unit(confidence: number | undefined): number {
  if (typeof confidence !== 'number' || !Number.isFinite(confidence)) return 0.5;
  return Math.max(0, Math.min(1, confidence / 100));
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

function candidatesOf(response: AnalyzeExpenseResponse): Candidate[] {
  const out: Candidate[] = [];
  (response.ExpenseDocuments ?? []).forEach((doc, documentIndex) => {
    for (const field of doc.SummaryFields ?? []) {
      const type = field.Type?.Text ?? '';
      const text = (field.ValueDetection?.Text ?? '').trim();
      if (!type || !text) continue;
      out.push({
        field,
        type,
        text,
        confidence: Math.min(unit(field.Type?.Confidence), unit(field.ValueDetection?.Confidence)),
        documentIndex,
        page: field.PageNumber ?? documentIndex + 1,
        groups: (field.GroupProperties ?? []).flatMap((g) => g.Types ?? []),
      });
    }
  });
  return out;
}

/** All text of the answer (field labels and values, and LINE blocks), for document-wide cues. */
function allTexts(response: AnalyzeExpenseResponse): string[] {
  const texts: string[] = [];
  for (const doc of response.ExpenseDocuments ?? []) {
    for (const f of doc.SummaryFields ?? []) {
      if (f.LabelDetection?.Text) texts.push(f.LabelDetection.Text);
      if (f.ValueDetection?.Text) texts.push(f.ValueDetection.Text);
    }
    for (const b of doc.Blocks ?? []) if (b.BlockType === 'LINE' && b.Text) texts.push(b.Text);
  }
  return texts;
}

/**
 * The best candidate of the first type in `types` that has one, whose text `read` accepts.
 * Ties go to the higher confidence, then to the earlier page.
 */
function pick<T>(
  candidates: Candidate[],
  types: string[],
  read: (c: Candidate) => T | null,
): { value: T; confidence: number; candidate: Candidate } | null {
  for (const type of types) {
    const ranked = candidates
      .filter((c) => c.type === type)
      .sort((a, b) => b.confidence - a.confidence || a.page - b.page);
    for (const c of ranked) {
      const value = read(c);
      if (value !== null && value !== undefined) return { value, confidence: c.confidence, candidate: c };
    }
  }
  return null;
}

/** Lines of a multi-line value that carry letters or digits ("META\n-" → ["META"]). */
function meaningfulLines(text: string): string[] {
  return text
    .split(/\n/)
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => /[\p{L}\p{N}]/u.test(l));
}

function cleanName(text: string): string | null {
  const lines = meaningfulLines(text);
  if (lines.length === 0) return null;
  return lines
    .slice(0, 2)
    .join(' ')
    .replace(/[\s,;:|-]+$/, '')
    .trim();
}

/**
 * A line that is only a VAT number, bare or after its label ("DE136695976", "USt-IdNr.: DE 136 695
 * 976", "TVA intracom. FR 12 345678901"): printed under a letterhead's address, never part of it.
 */
function isTaxIdLine(line: string): boolean {
  const m = line.match(/^(.*?)([A-Z]{2}(?:[\s.-]?[0-9A-Z]){7,13})$/);
  if (!m || !isVatId(m[2].replace(/[\s.-]/g, ''))) return false;
  const label = m[1].trim();
  return label === '' || (/^(vat|ust|tva|iva|btw|mwst|uid|steuer|tax)\b/i.test(label) && !/\d/.test(label));
}

/** A country code printed before a postcode ("DE 80333 München", "D-80333", "F-75001 Paris"). */
const PREFIXED_POSTCODE = /^(D|DE|F|FR|A|AT|CH|B|BE|L|LU|I|IT|E|ES)[\s-]?(\d{4,5})\s+(?=\p{L})/u;
const ISO_COUNTRY: Record<string, string> = { D: 'DE', F: 'FR', A: 'AT', B: 'BE', L: 'LU', I: 'IT', E: 'ES' };

/**
 * An address as lines joined by commas, without VAT-number lines. A country code printed before
 * the postcode moves to the end, where a country line stands ("DE 12345 Berlin" → "12345 Berlin,
 * DE"), unless a part after the postcode's already names the country.
 */
function cleanAddress(text: string): string | null {
  const parts = meaningfulLines(text)
    .map((l) => l.replace(/[\s,;]+$/, ''))
    .filter((l) => !isTaxIdLine(l))
    .join(', ')
    .split(', ');
  let country: string | null = null;
  // Only the address's last part, or the one before a country line, is its postcode and town.
  const cleaned = parts.map((part, k) => {
    const last = k === parts.length - 1;
    const m = part.match(PREFIXED_POSTCODE);
    if (!m || !(last || (k === parts.length - 2 && !/\d/.test(parts[k + 1])))) return part;
    if (last) country = ISO_COUNTRY[m[1]] ?? m[1];
    return `${m[2]} ${part.slice(m[0].length)}`;
  });
  if (country) cleaned.push(country);
  return cleaned.join(', ') || null;
}

/** "https: //www.amazon.com/x" → "amazon.com". */
function hostOf(text: string): string | null {
  const m = text.replace(/\s+/g, '').match(/^(?:https?:\/\/)?(?:www\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)+)/i);
  return m ? m[1].toLowerCase() : null;
}

function cleanInvoiceNumber(text: string): string | null {
  const first = meaningfulLines(text)[0];
  if (!first) return null;
  const cleaned = first
    .replace(/^(?:no\.?|nr\.?|number|n°|#|:)+\s*/i, '')
    .replace(/^[#:\s]+/, '')
    .trim();
  const token = cleaned.split(/\s+/)[0];
  return token && /\d/.test(token) ? token.replace(/[.,;:]+$/, '') : null;
}

function cleanPhone(text: string): string | null {
  const m = text.match(/\+?[\d(][\d\s().-]{5,}\d/);
  return m ? m[0].replace(/\s+/g, ' ').trim() : null;
}

/** Decides how to read numeric dates such as 04/05/2023 for this document. */
function dateOrderOf(texts: string[], currency: string | null): DateOrder {
  let dmy = 0;
  let mdy = 0;
  for (const t of texts) {
    for (const d of findDates(t)) {
      if (d.provenOrder === 'DMY') dmy++;
      if (d.provenOrder === 'MDY') mdy++;
    }
  }
  if (dmy !== mdy) return dmy > mdy ? 'DMY' : 'MDY';
  return dateOrderForCurrency(currency);
}

/** A plausible invoice date: after 1990 and not more than two years ahead. */
function plausibleDate(iso: string): boolean {
  const year = Number(iso.slice(0, 4));
  return year >= 1990 && year <= new Date().getUTCFullYear() + 2;
}

function readLineItems(response: AnalyzeExpenseResponse): {
  items: ExtractedLineItem[];
  confidence: number;
} {
  const items: ExtractedLineItem[] = [];
  let confidenceSum = 0;
  for (const doc of response.ExpenseDocuments ?? []) {
    for (const group of doc.LineItemGroups ?? []) {
      for (const row of group.LineItems ?? []) {
        const fields = row.LineItemExpenseFields ?? [];
        const get = (type: string) => fields.find((f) => f.Type?.Text === type && f.ValueDetection?.Text);
        const itemField = get('ITEM');
        const rowField = get('EXPENSE_ROW');
        let description = itemField ? meaningfulLines(itemField.ValueDetection!.Text!).join(' ') : '';
        if (!description && rowField) {
          // No ITEM: keep the words of the row that are not amounts.
          description = meaningfulLines(rowField.ValueDetection!.Text!)
            .join(' ')
            .replace(/[$€£]?\s?-?\d[\d.,]*/g, ' ')
            .replace(/\s+/g, ' ')
            .trim();
        }
        const quantity = parseAmount(get('QUANTITY')?.ValueDetection?.Text);
        let unitPrice = parseAmount(get('UNIT_PRICE')?.ValueDetection?.Text);
        let totalPrice = parseAmount(get('PRICE')?.ValueDetection?.Text);
        if (totalPrice === null && unitPrice !== null) totalPrice = round2(unitPrice * (quantity ?? 1));
        // A row with one amount and no quantity is one unit at that price.
        if (unitPrice === null && totalPrice !== null && quantity === null) unitPrice = totalPrice;
        if (unitPrice === null && totalPrice !== null && quantity) {
          const derived = totalPrice / quantity;
          if (Math.abs(derived * 100 - Math.round(derived * 100)) < 1e-6) unitPrice = round2(derived);
        }
        if (!description || totalPrice === null) continue;
        items.push({ description, quantity, unitPrice, totalPrice });
        const confs = [itemField, get('PRICE')]
          .filter(Boolean)
          .map((f) => unit(f!.ValueDetection?.Confidence));
        confidenceSum += confs.length ? Math.min(...confs) : 0.5;
      }
    }
  }
  return { items, confidence: items.length ? round2(confidenceSum / items.length) : 0 };
}

/**
 * Turns an AnalyzeExpense answer (Amazon Textract's, synchronous or asynchronous, or the local
 * engine's) into the invoice fields the product stores, with a confidence per field.
 *
 * Dates come out as YYYY-MM-DD; numeric day/month order is taken from dates in the same document
 * that prove it (a part over 12), else from the currency (USD → month first). Amounts are numbers;
 * the currency is an ISO code from the answer's own currency codes, else from symbols and codes in
 * the text (RM → MYR, € → EUR, $ → USD).
 */
export function normalize(response: AnalyzeExpenseResponse): ExtractedInvoice {
  const candidates = candidatesOf(response);
  const texts = allTexts(response);
  const vendorSide = candidates.filter(
    (c) => !c.type.startsWith('RECEIVER') && !c.groups.includes('RECEIVER'),
  );

  // Currency: an explicit code on an amount field wins, then signs on the amounts, then the text.
  const amountTypes = ['TOTAL', 'AMOUNT_DUE', 'SUBTOTAL', 'TAX', 'AMOUNT_PAID'];
  const coded = candidates
    .filter((c) => amountTypes.includes(c.type) && c.field.Currency?.Code)
    .sort((a, b) => unit(b.field.Currency?.Confidence) - unit(a.field.Currency?.Confidence))[0];
  const amountTexts = candidates.filter((c) => amountTypes.includes(c.type)).map((c) => c.text);
  let currency: string | null = null;
  let currencyConfidence = 0;
  if (coded) {
    currency = coded.field.Currency!.Code!.toUpperCase();
    currencyConfidence = unit(coded.field.Currency?.Confidence ?? coded.confidence * 100);
  } else {
    const guess = detectCurrency([...amountTexts, ...amountTexts, ...texts]);
    if (guess) {
      currency = guess.code;
      currencyConfidence = guess.confidence;
    }
  }

  const order = dateOrderOf(texts, currency);
  const readDate = (c: Candidate) => {
    const d = findDates(c.text, order).find((x) => plausibleDate(x.iso));
    return d ? d.iso : null;
  };
  const readAmount = (c: Candidate) => parseAmount(c.text);

  const vendorName =
    pick(vendorSide, ['VENDOR_NAME'], (c) => cleanName(c.text)) ??
    pick(
      vendorSide.filter((c) => c.groups.includes('VENDOR')),
      ['NAME'],
      (c) => cleanName(c.text),
    ) ??
    scaled(
      pick(vendorSide, ['VENDOR_URL'], (c) => hostOf(c.text)),
      0.5,
    );
  const vendorAddress =
    pick(vendorSide, ['VENDOR_ADDRESS'], (c) => cleanAddress(c.text)) ??
    pick(
      vendorSide.filter((c) => c.groups.includes('VENDOR')),
      ['ADDRESS'],
      (c) => cleanAddress(c.text),
    );
  const vendorPhone = pick(vendorSide, ['VENDOR_PHONE'], (c) => cleanPhone(c.text));
  const emailField =
    pick(vendorSide, ['VENDOR_EMAIL', 'EMAIL'], (c) => c.text.match(EMAIL)?.[0] ?? null) ??
    pick(
      vendorSide.filter((c) => /mail/i.test(c.field.LabelDetection?.Text ?? '')),
      ['OTHER'],
      (c) => c.text.match(EMAIL)?.[0] ?? null,
    );
  const invoiceNumber = pick(candidates, ['INVOICE_RECEIPT_ID'], (c) => cleanInvoiceNumber(c.text));
  const invoiceDate = pick(candidates, ['INVOICE_RECEIPT_DATE'], readDate);
  const dueDate = pick(candidates, ['DUE_DATE'], readDate);
  const tax = pick(candidates, ['TAX'], readAmount);
  let subtotal = pick(candidates, ['SUBTOTAL'], readAmount);
  let total = pick(candidates, ['TOTAL', 'AMOUNT_DUE', 'AMOUNT_PAID'], readAmount);
  const amountDue = pick(candidates, ['BALANCE_DUE', 'AMOUNT_DUE'], readAmount);
  const carried = pick(candidates, ['BALANCE_FORWARD'], readAmount);
  // A bill's total is the period's charges: where the amount due is the total read and includes an
  // unpaid balance of the last bill, the charges are the rest.
  if (
    amountDue &&
    carried &&
    total &&
    carried.value > 0.005 &&
    amountDue.value - carried.value > 0.005 &&
    Math.abs(total.value - amountDue.value) < 0.005
  ) {
    total = derived(
      amountDue.value - carried.value,
      Math.min(amountDue.confidence, carried.confidence),
      amountDue.candidate,
    );
  }
  const accountNumber = pick(
    candidates,
    ['ACCOUNT_NUMBER'],
    (c) => c.text.replace(/\s+/g, ' ').trim() || null,
  );
  const serviceAddress = pick(candidates, ['SERVICE_ADDRESS'], (c) => cleanAddress(c.text));
  const periodStart = pick(candidates, ['SERVICE_PERIOD_START'], readDate);
  const periodEnd = pick(candidates, ['SERVICE_PERIOD_END'], readDate);
  const lines = readLineItems(response);
  // The one of subtotal, tax and total that is not printed follows from the other two, with the
  // lower of their confidences, lowered again, since it was not read. A subtotal (total − tax) is
  // only derived where the line items, if any were read, add up to it: receipts list prices with
  // tax included, and a subtotal made up there would only contradict them.
  const itemsSum = lines.items.reduce((sum, i) => sum + (i.totalPrice ?? 0), 0);
  if (tax && total && !subtotal && tax.value >= 0 && tax.value < total.value) {
    const net = total.value - tax.value;
    if (lines.items.length === 0 || Math.abs(itemsSum - net) < 0.015) {
      subtotal = derived(net, Math.min(total.confidence, tax.confidence), total.candidate);
    }
  } else if (tax && subtotal && !total && tax.value >= 0) {
    total = derived(
      subtotal.value + tax.value,
      Math.min(subtotal.confidence, tax.confidence),
      subtotal.candidate,
    );
  }

  const confidence: FieldConfidence = {
    vendorName: round2(vendorName?.confidence ?? 0),
    vendorAddress: round2(vendorAddress?.confidence ?? 0),
    vendorEmail: round2(emailField?.confidence ?? 0),
    vendorPhone: round2(vendorPhone?.confidence ?? 0),
    invoiceNumber: round2(invoiceNumber?.confidence ?? 0),
    invoiceDate: round2(invoiceDate?.confidence ?? 0),
    dueDate: round2(dueDate?.confidence ?? 0),
    subtotal: round2(subtotal?.confidence ?? 0),
    taxAmount: round2(tax?.confidence ?? 0),
    totalAmount: round2(total?.confidence ?? 0),
    currency: round2(currencyConfidence),
    lineItems: lines.confidence,
    ...(amountDue ? { amountDue: round2(amountDue.confidence) } : {}),
    ...(accountNumber ? { accountNumber: round2(accountNumber.confidence) } : {}),
    ...(serviceAddress ? { serviceAddress: round2(serviceAddress.confidence) } : {}),
    ...(periodStart ? { servicePeriodStart: round2(periodStart.confidence) } : {}),
    ...(periodEnd ? { servicePeriodEnd: round2(periodEnd.confidence) } : {}),
  };

  const read = {
    vendorName,
    vendorAddress,
    vendorEmail: emailField,
    vendorPhone,
    invoiceNumber,
    invoiceDate,
    dueDate,
    subtotal,
    taxAmount: tax,
    totalAmount: total,
  };
  const locations: FieldLocations = {};
  for (const [name, found] of Object.entries(read) as [keyof typeof read, Found | null][]) {
    const location = found && !found.derived ? locationOf(found.candidate) : null;
    if (location) locations[name] = location;
  }

  return {
    vendorName: vendorName?.value ?? null,
    vendorAddress: vendorAddress?.value ?? null,
    vendorEmail: emailField?.value ?? null,
    vendorPhone: vendorPhone?.value ?? null,
    invoiceNumber: invoiceNumber?.value ?? null,
    invoiceDate: invoiceDate?.value ?? null,
    dueDate: dueDate?.value ?? null,
    subtotal: subtotal ? round2(subtotal.value) : null,
    taxAmount: tax ? round2(tax.value) : null,
    totalAmount: total ? round2(total.value) : null,
    currency,
    amountDue: amountDue ? round2(amountDue.value) : null,
    accountNumber: accountNumber?.value ?? null,
    serviceAddress: serviceAddress?.value ?? null,
    servicePeriodStart: periodStart?.value ?? null,
    servicePeriodEnd: periodEnd?.value ?? null,
    lineItems: lines.items,
    confidence,
    locations,
  };
}

type Found = { candidate: Candidate; derived?: boolean };

/** The box of the field's value on its page, to 0.1% of the page; null without a usable geometry. */
function locationOf({ field, page }: Candidate): FieldLocation | null {
  const box = field.ValueDetection?.Geometry?.BoundingBox;
  const [left, top, width, height] = [box?.Left, box?.Top, box?.Width, box?.Height].map((n) =>
    typeof n === 'number' && Number.isFinite(n) ? Math.round(n * 1000) / 1000 : Number.NaN,
  );
  // NaN fails every comparison, so a missing part ends here too.
  if (!(left >= 0 && top >= 0 && width > 0 && height > 0)) return null;
  return { page, left, top, width, height };
}

/** A value computed from other fields rather than read: 0.8 of the confidence it rests on. */
function derived(value: number, confidence: number, candidate: Candidate) {
  return { value: round2(value), confidence: confidence * 0.8, candidate, derived: true };
}

function scaled<T extends { confidence: number }>(x: T | null, factor: number): T | null {
  return x ? { ...x, confidence: x.confidence * factor } : null;
}

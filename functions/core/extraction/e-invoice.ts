/**
 * Hybrid e-invoices (ZUGFeRD, Factur-X, XRechnung in a PDF) carry their data twice: printed on the
 * page and as XML embedded in the PDF. The XML is the invoice's own data, so where it states a value
 * the extraction takes it, with full confidence, and the page's reading (text layer, OCR or
 * Textract) only fills what the XML leaves out. Both the local engine's and Textract's answers go
 * through {@link applyEInvoice} in Normalize (`normalizeAnalysis`), so `npm run extract`, the local
 * workflow and the cloud all read e-invoices the same way.
 */
import { type EInvoice, MAX_E_INVOICE_XML_BYTES, parseEInvoiceXml } from './e-invoice-xml';
import type { ExpenseDocumentInput } from './expense-types';
import {
  EXTRACTED_FIELD_NAMES,
  type ExtractedFields,
  type ExtractedInvoice,
  type FieldLocations,
} from './types';

export type { EInvoice } from './e-invoice-xml';

/** A file embedded in a document (a PDF's attachment). */
export interface EmbeddedFile {
  name: string;
  bytes: Uint8Array;
}

/**
 * The port that lists a document's embedded files (the local engine's `extraction/pdf/pdf-attachments.ts`).
 * It may leave out files larger than it is willing to hand over.
 */
export type EmbeddedFilesReader = (doc: ExpenseDocumentInput) => Promise<EmbeddedFile[]>;

/**
 * The names the standards give the XML, best first: Factur-X and ZUGFeRD 2.x, ZUGFeRD 1.0 (two
 * spellings), XRechnung. Any other `.xml` is read after them, when its root is CII or UBL.
 */
const KNOWN_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];

/** At most this many XML attachments are parsed: a PDF carrying hundreds is no e-invoice. */
const MAX_XML_CANDIDATES = 10;

/** An XML worth taking over the reading: it names the invoice or states an amount. */
function useful(x: EInvoice): boolean {
  return x.invoiceNumber !== null || x.totalAmount !== null || x.subtotal !== null;
}

/**
 * The e-invoice among a document's embedded files: the first file under a standard name that
 * parses as CII or UBL, else the first other `.xml` that does. Null when there is none (or each is
 * malformed, oversized or declares entities; see `parseEInvoiceXml`).
 */
export function pickEInvoice(files: EmbeddedFile[]): EInvoice | null {
  const rank = (f: EmbeddedFile) => {
    const i = KNOWN_NAMES.indexOf(f.name.trim().toLowerCase());
    return i >= 0 ? i : KNOWN_NAMES.length;
  };
  const candidates = files
    .filter((f) => /\.xml$/i.test(f.name.trim()) && f.bytes.byteLength <= MAX_E_INVOICE_XML_BYTES)
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, MAX_XML_CANDIDATES);
  for (const file of candidates) {
    const parsed = parseEInvoiceXml(file.bytes);
    if (parsed && useful(parsed)) return parsed;
  }
  return null;
}

/**
 * The e-invoice a PDF carries, or null: for any other file type, without a reader, or when reading
 * the attachments fails (a damaged PDF is read from its pages as before; an e-invoice never makes
 * an invoice fail).
 */
export async function readEmbeddedEInvoice(
  doc: ExpenseDocumentInput,
  reader: EmbeddedFilesReader | undefined,
): Promise<EInvoice | null> {
  if (!reader || doc.contentType !== 'application/pdf') return null;
  try {
    return pickEInvoice(await reader(doc));
  } catch {
    return null;
  }
}

/** The extracted fields that hold one value (every one but the line items). */
const SCALAR_FIELDS = EXTRACTED_FIELD_NAMES.filter(
  (field): field is keyof ExtractedFields => field !== 'lineItems',
);

const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Whether the page's reading found the same value the XML states, so its box shows where the XML's
 * value is printed. Amounts compare without sign (a credit note prints its amounts positive).
 */
function sameValue(read: unknown, xml: unknown): boolean {
  if (read === null || xml === null) return false;
  if (typeof read === 'number' && typeof xml === 'number')
    return Math.abs(Math.abs(read) - Math.abs(xml)) < 0.005;
  return typeof read === 'string' && typeof xml === 'string' && squash(read) === squash(xml);
}

/**
 * The invoice with the XML's values over the reading's: every field the XML states is taken with
 * confidence 1 (and so counts as read surely, and no check flags its confidence); the line items too
 * when the XML lists any. A field the XML leaves out keeps the reading's value, confidence and box.
 * A taken field keeps the reading's box only where the reading found the same value.
 */
export function applyEInvoice(read: ExtractedInvoice, xml: EInvoice): ExtractedInvoice {
  const out: ExtractedInvoice = {
    ...read,
    confidence: { ...read.confidence },
    locations: {},
    lineItems: read.lineItems,
  };
  const locations: FieldLocations = {};
  for (const field of SCALAR_FIELDS) {
    const value = xml[field];
    const box = read.locations[field];
    if (value === null) {
      if (box) locations[field] = box;
      continue;
    }
    if (box && sameValue(read[field], value)) locations[field] = box;
    (out as unknown as Record<string, unknown>)[field] = value;
    out.confidence[field] = 1;
  }
  out.locations = locations;
  if (xml.lineItems.length > 0) {
    out.lineItems = xml.lineItems.map((l) => ({ ...l }));
    out.confidence.lineItems = 1;
  }
  return out;
}

import type { FieldLocation } from '../../../shared/schemas/invoice';

/** One row of an invoice's line-item table. */
export interface ExtractedLineItem {
  description: string;
  quantity: number | null;
  unitPrice: number | null;
  totalPrice: number | null;
}

/** The invoice fields the product extracts; a field that was not found is null. */
export interface ExtractedFields {
  vendorName: string | null;
  vendorAddress: string | null;
  vendorEmail: string | null;
  vendorPhone: string | null;
  invoiceNumber: string | null;
  /** YYYY-MM-DD */
  invoiceDate: string | null;
  /** YYYY-MM-DD */
  dueDate: string | null;
  subtotal: number | null;
  taxAmount: number | null;
  totalAmount: number | null;
  /** ISO 4217 code. */
  currency: string | null;
}

export type ExtractedFieldName = keyof ExtractedFields | 'lineItems';

/** How sure the extraction is of each field, 0..1 (0 for a field that was not found). */
export type FieldConfidence = Record<ExtractedFieldName, number>;

/** Where each field was read on the document; a field that was not read (or was derived) has none. */
export type FieldLocations = Partial<Record<keyof ExtractedFields, FieldLocation>>;

/** An invoice as read from an AnalyzeExpense answer. */
export interface ExtractedInvoice extends ExtractedFields {
  lineItems: ExtractedLineItem[];
  confidence: FieldConfidence;
  locations: FieldLocations;
}

export const EXTRACTED_FIELD_NAMES: ExtractedFieldName[] = [
  'vendorName',
  'vendorAddress',
  'vendorEmail',
  'vendorPhone',
  'invoiceNumber',
  'invoiceDate',
  'dueDate',
  'subtotal',
  'taxAmount',
  'totalAmount',
  'currency',
  'lineItems',
];

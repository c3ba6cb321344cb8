import { type FieldsWith, fieldsWith } from '../../../shared/invoice-fields';
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

/**
 * What a utility bill (or another account statement) prints besides an invoice's fields; null when
 * absent. `totalAmount` is the period's charges; `amountDue` is what is to be paid now, with any
 * balance carried forward from the last bill.
 */
export interface AccountFields {
  amountDue: number | null;
  accountNumber: string | null;
  serviceAddress: string | null;
  /** YYYY-MM-DD */
  servicePeriodStart: string | null;
  /** YYYY-MM-DD */
  servicePeriodEnd: string | null;
}

export const NO_ACCOUNT_FIELDS: AccountFields = {
  amountDue: null,
  accountNumber: null,
  serviceAddress: null,
  servicePeriodStart: null,
  servicePeriodEnd: null,
};

export type ExtractedFieldName = keyof ExtractedFields | 'lineItems';

/**
 * How sure the extraction is of each field, 0..1 (0 for a field that was not found); the account
 * fields' where they were read.
 */
export type FieldConfidence = Record<ExtractedFieldName, number> &
  Partial<Record<keyof AccountFields, number>>;

/** Where each field was read on the document; a field that was not read (or was derived) has none. */
export type FieldLocations = Partial<Record<keyof ExtractedFields, FieldLocation>>;

/** An invoice as read from an AnalyzeExpense answer. */
export interface ExtractedInvoice extends ExtractedFields, AccountFields {
  lineItems: ExtractedLineItem[];
  confidence: FieldConfidence;
  locations: FieldLocations;
}

/** The fields every reading returns with a confidence: the `invoice` group of shared/invoice-fields.ts. */
export const EXTRACTED_FIELD_NAMES: ExtractedFieldName[] = fieldsWith('group', 'invoice');
// The table and these types name the same fields: a field added to one and not the other fails here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameFields: Same<FieldsWith<'group', 'invoice'>, ExtractedFieldName> &
  Same<FieldsWith<'group', 'account'>, keyof AccountFields> = true;
void sameFields;

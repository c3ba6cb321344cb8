import type { ApprovedInvoiceFact } from '../vendors/history';
import type { ExtractionContext } from './pipeline';
import type { ExtractedInvoice } from './types';

/** The vendor of the learned-fact tests (usual currency, payment terms, tax), known to the organization. */
export const hofmann = { id: 'v-hofmann', name: 'Hofmann Elektro GmbH', status: 'ACTIVE' as const };

/**
 * A plain reading of a Hofmann invoice (EUR 100 + 19% tax), sure of its vendor, number, date and amounts
 * and of nothing else; a test overrides the field it is about and that field's confidence.
 */
export function hofmannReading(
  overrides: Partial<Omit<ExtractedInvoice, 'confidence'>> & {
    confidence?: Partial<ExtractedInvoice['confidence']>;
  } = {},
): ExtractedInvoice {
  const { confidence, ...fields } = overrides;
  return {
    vendorName: hofmann.name,
    vendorAddress: null,
    vendorEmail: null,
    vendorPhone: null,
    invoiceNumber: 'R-1005',
    invoiceDate: '2026-05-01',
    dueDate: null,
    subtotal: 100,
    taxAmount: 19,
    totalAmount: 119,
    currency: 'EUR',
    amountDue: null,
    accountNumber: null,
    serviceAddress: null,
    servicePeriodStart: null,
    servicePeriodEnd: null,
    lineItems: [],
    locations: {},
    ...fields,
    confidence: {
      vendorName: 0.99,
      vendorAddress: 0,
      vendorEmail: 0,
      vendorPhone: 0,
      invoiceNumber: 0.99,
      invoiceDate: 0.99,
      dueDate: 0,
      subtotal: 0.99,
      taxAmount: 0.99,
      totalAmount: 0.99,
      currency: 0.99,
      lineItems: 0,
      ...confidence,
    },
  };
}

/** The organization's data as Classify and Validate read it: Hofmann, with `history` approved. */
export const hofmannContext = (
  history: ApprovedInvoiceFact[],
  defaultCurrency: string,
): ExtractionContext => ({
  vendors: [hofmann],
  vendorHistory: async () => history,
  defaultCurrency,
});

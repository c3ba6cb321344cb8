import type { EventInvoice, InvoiceEventBody, WEBHOOK_EVENTS } from '../../../shared/schemas';

export type InvoiceEventName = (typeof WEBHOOK_EVENTS)[number];

/**
 * The one body of an invoice event, whoever receives it (our webhooks, a Make.com custom webhook, the
 * connection test's sample): its id, type and time, and the invoice with its line items and file link.
 */
export function invoiceEventBody(
  event: { id: string; type: InvoiceEventName; at: string },
  invoice: EventInvoice,
): InvoiceEventBody {
  return { id: event.id, type: event.type, event: event.type, timestamp: event.at, invoice };
}

/**
 * A made-up approved invoice, complete in every field, for the connection test: a receiver such as
 * Make.com learns the data structure from the first body it gets, so the sample has exactly the real shape.
 */
export function sampleEventInvoice(now: Date): EventInvoice {
  const at = now.toISOString();
  const day = at.slice(0, 10);
  return {
    id: '01KSAMP1E00000000000000001',
    organizationId: '01KSAMP1E0RG00000000000001',
    invoiceNumber: 'SAMPLE-1001',
    filename: 'sample-invoice.pdf',
    fileName: 'sample-invoice.pdf',
    contentType: 'application/pdf',
    fileSize: 48_213,
    pageCount: 1,
    vendorId: '01KSAMP1EVEND0R00000000001',
    vendorName: 'Sample Plumbing LLC',
    vendorAddress: '100 Main St, Springfield, IL 62701',
    vendorEmail: 'billing@sample-plumbing.example',
    vendorPhone: '(555) 010-2000',
    invoiceDate: day,
    dueDate: day,
    subtotal: 250,
    taxAmount: 20,
    totalAmount: 270,
    amountDue: null,
    accountNumber: null,
    serviceAddress: null,
    servicePeriodStart: null,
    servicePeriodEnd: null,
    matchNotes: [],
    currency: 'USD',
    status: 'APPROVED',
    reviewStatus: null,
    processingStatus: 'processed',
    processingStage: null,
    reviewReasons: [],
    readFailure: null,
    duplicateOf: null,
    batch: null,
    autoApproved: false,
    rejectionReason: null,
    aiConfidence: 0.97,
    fieldConfidence: { vendorName: 0.99, totalAmount: 0.98 },
    fieldLocations: {},
    fieldEdits: {},
    vendorMatch: null,
    notes: 'A sample sent by Test connection',
    propertyId: null,
    categoryId: null,
    categoryName: 'Repairs & Maintenance',
    allocations: [],
    lineAllocations: {},
    syncResults: [],
    uploadedBy: null,
    source: 'upload',
    emailFrom: null,
    emailSubject: null,
    uploadedByName: 'Sample User',
    approvalSteps: null,
    paidOn: null,
    version: 1,
    createdAt: at,
    updatedAt: at,
    lineItems: [
      { id: 'line-1', description: 'Replace kitchen faucet', quantity: 1, unitPrice: 180, totalPrice: 180 },
      { id: 'line-2', description: 'Labor (hours)', quantity: 2, unitPrice: 35, totalPrice: 70 },
    ],
    file: {
      filename: 'sample-invoice.pdf',
      contentType: 'application/pdf',
      url: 'https://example.com/sample-invoice.pdf',
      expiresAt: new Date(now.getTime() + 3_600_000).toISOString(),
    },
  };
}

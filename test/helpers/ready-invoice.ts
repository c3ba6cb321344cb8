import { ulid } from 'ulid';
import { createInvoice } from '../../functions/adapters/dynamodb/invoices';
import { objectKeyFor } from '../../functions/adapters/s3/storage';
import { type InvoiceItem, newInvoiceItem } from '../../functions/core/invoices/invoice';

/**
 * Stores an invoice as the workflow leaves a ready one (PROCESSED), for suites that run without the
 * workflow: stats and analytics count the money of approved and ready invoices only. Answers its id.
 */
export async function createReadyInvoice(
  orgId: string,
  uploadedBy: string,
  fields: Partial<InvoiceItem> = {},
): Promise<string> {
  const invoiceId = ulid();
  const filename = fields.filename ?? 'bill.pdf';
  const item = newInvoiceItem({
    orgId,
    invoiceId,
    objectKey: objectKeyFor(orgId, invoiceId, filename),
    filename,
    contentType: 'application/pdf',
    size: 100,
    uploadedBy,
  });
  await createInvoice(
    { ...item, status: 'PROCESSED', processingStage: null, ...fields },
    { monthlyLimit: null, event: { type: 'UPLOADED', actor: uploadedBy } },
  );
  return invoiceId;
}

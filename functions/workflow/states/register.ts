import { PLAN_MONTHLY_INVOICE_LIMIT } from '../../../shared/constants';
import { createInvoice, findInvoice, MonthlyLimitReached } from '../../adapters/dynamodb/invoices';
import { getOrganization, orgSettings } from '../../adapters/dynamodb/organizations';
import { deleteReservation, findReservation } from '../../adapters/dynamodb/upload-reservations';
import { observed } from '../../adapters/observability/middleware';
import { deleteObject, parseObjectKey } from '../../adapters/s3/storage';
import { newInvoiceItem } from '../../api/invoices/upload';
import { AppError } from '../../core/errors/app-error';
import { publishInvoiceEvent } from '../../services/invoice-events';
import type { ExecutionInput, WorkflowContext } from '../types';

/** Object keys as events spell them: S3 notifications URL-encode them, s3rver does not. */
function keyVariants(objectKey: string): string[] {
  let decoded = objectKey;
  try {
    decoded = decodeURIComponent(objectKey.replace(/\+/g, ' '));
  } catch {
    // Not URL-encoded after all (a literal % in the name): the raw key is the only spelling.
  }
  return [...new Set([objectKey, decoded])];
}

/**
 * Register: makes sure the stored object has its invoice. API uploads created it before storing the
 * file; browser uploads only left a reservation, so the invoice is created here, once (a conditional
 * put: a duplicate event finds it exists). An object under uploads/ with neither is an orphan (an
 * expired reservation, a deleted invoice) and is deleted.
 */
export const handler = observed(async function registerState(
  input: ExecutionInput,
): Promise<WorkflowContext> {
  const parsed = parseObjectKey(input.objectKey);
  const base = {
    bucket: input.bucket,
    objectKey: input.objectKey,
    orgId: '',
    invoiceId: '',
    registered: false,
  };
  if (!parsed) return base;
  const { orgId, invoiceId } = parsed;
  const existing = await findInvoice(orgId, invoiceId);
  if (existing) return { ...base, orgId, invoiceId, objectKey: existing.objectKey, registered: true };

  const reservation = await findReservation(orgId, invoiceId);
  if (!reservation) {
    for (const key of keyVariants(input.objectKey)) await deleteObject(key);
    return { ...base, orgId, invoiceId };
  }
  const org = await getOrganization(orgId);
  const item = newInvoiceItem({
    orgId,
    invoiceId,
    objectKey: reservation.objectKey,
    filename: reservation.filename,
    contentType: reservation.contentType,
    size: reservation.size,
    uploadedBy: reservation.uploadedBy,
    uploadedByName: reservation.uploadedByName ?? null,
    currency: orgSettings(org).defaultCurrency,
  });
  try {
    await createInvoice(item, {
      monthlyLimit: PLAN_MONTHLY_INVOICE_LIMIT[org.plan],
      event: {
        type: 'uploaded',
        actor: reservation.uploadedBy,
        actorName: reservation.uploadedByName ?? null,
      },
    });
  } catch (error) {
    if (error instanceof MonthlyLimitReached) {
      // The limit was checked when the upload was announced; a month filled up meanwhile. The file is
      // not kept, as the API upload would have refused it.
      for (const key of keyVariants(input.objectKey)) await deleteObject(key);
      await deleteReservation(orgId, invoiceId);
      return { ...base, orgId, invoiceId };
    }
    // A duplicate event raced us to it: the invoice exists, which is all Register promises.
    if (!(error instanceof AppError && error.code === 'already_exists')) throw error;
    return { ...base, orgId, invoiceId, objectKey: reservation.objectKey, registered: true };
  }
  await deleteReservation(orgId, invoiceId);
  await publishInvoiceEvent(orgId, invoiceId, 'invoice.uploaded');
  return { ...base, orgId, invoiceId, objectKey: item.objectKey, registered: true };
});

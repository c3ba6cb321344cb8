import { ulid } from 'ulid';
import {
  type AcceptedContentType,
  MAX_UPLOAD_BYTES,
  PLAN_MONTHLY_INVOICE_LIMIT,
  UPLOAD_TOO_LARGE_MESSAGE,
} from '../../../shared/constants';
import { AppError, secondsUntilNextMonth, tooMany } from '../errors/app-error';
import { countUpload } from '../fairness/upload-rate';
import { safeFilename, sniffContentType } from '../files/sniff';
import { MonthlyLimitReached } from '../invoices/upload-records';
import { orgSettings } from '../organizations/organization';
import { invoiceEventEffect } from '../outbox/effects';
import { ports } from '../ports';
import { type EmailOrigin, type InvoiceItem, newInvoiceItem } from './invoice';

/**
 * Upload registration: every way an invoice comes in (API upload, e-mailed attachment, browser upload
 * through a presigned POST) ends here, so all get the same checks, plan limit and processing.
 */

export const UNSUPPORTED_TYPE_MESSAGE = 'Unsupported file type: upload a PDF, JPEG, PNG or TIFF file';

/** Who uploads: the organization, the acting user or key, and the name History shows for them. */
export interface Uploader {
  orgId: string;
  actorId: string;
  name: string | null;
  /** The API key uploading, counted against its own per-minute limit too; absent for people and e-mail. */
  apiKeyId?: string;
}

/**
 * What a new invoice takes from its organization: the plan's monthly limit and the default currency, once
 * the upload is counted against the per-minute limits (core/fairness/upload-rate.ts; 429 past them).
 */
async function uploadTerms(uploader: Uploader) {
  const org = await ports().getOrganization(uploader.orgId);
  await countUpload(uploader, org.plan);
  return { monthlyLimit: PLAN_MONTHLY_INVOICE_LIMIT[org.plan], currency: orgSettings(org).defaultCurrency };
}

function limitMessage(limit: number) {
  return `Monthly invoice limit reached: your plan allows ${limit} invoices per month`;
}

/**
 * Stores an uploaded file and creates its invoice as UPLOADED, then announces `invoice.uploaded`; the
 * object-created event starts processing. The type is decided by the bytes. Nothing is half-created: if
 * storing fails, the invoice is removed again and the month's count given back; if the server dies
 * before the file is stored, the sweep of pending uploads does the same (abandoned-upload.ts). An
 * e-mailed file (`origin`) has no uploading user; its event names the sender.
 */
export async function registerUpload(
  uploader: Uploader,
  file: { filename: string; bytes: Buffer },
  options: {
    origin?: EmailOrigin;
    /** The client's Idempotency-Key, claimed with the invoice's creation (see idempotent-upload.ts). */
    idempotencyKey?: string;
  } = {},
): Promise<InvoiceItem> {
  const { origin, idempotencyKey } = options;
  if (file.bytes.length === 0) throw new AppError('input', 'empty_file', 'The file is empty');
  if (file.bytes.length > MAX_UPLOAD_BYTES)
    throw new AppError('too_large', 'file_too_large', UPLOAD_TOO_LARGE_MESSAGE);
  const contentType = sniffContentType(file.bytes);
  if (!contentType) throw new AppError('unsupported', 'unsupported_type', UNSUPPORTED_TYPE_MESSAGE);
  const invoiceId = ulid();
  const filename = safeFilename(file.filename);
  const objectKey = ports().objectKeyFor(uploader.orgId, invoiceId, filename);
  const terms = await uploadTerms(uploader);
  const item = newInvoiceItem({
    orgId: uploader.orgId,
    invoiceId,
    objectKey,
    filename,
    contentType,
    size: file.bytes.length,
    uploadedBy: origin ? null : uploader.actorId,
    origin,
    uploadedByName: uploader.name,
    currency: terms.currency,
  });
  await ports().createInvoice(item, {
    monthlyLimit: terms.monthlyLimit,
    event: { type: 'uploaded', actor: uploader.actorId, actorName: uploader.name },
    fileToFollow: true,
    ...(idempotencyKey
      ? { idempotency: { orgId: uploader.orgId, key: idempotencyKey, operation: 'upload', invoiceId } }
      : {}),
  });
  const pending = { orgId: item.orgId, invoiceId, createdAt: item.createdAt };
  try {
    await ports().putObject(objectKey, file.bytes, contentType);
  } catch (error) {
    await ports()
      .deleteInvoice(await ports().getInvoice(uploader.orgId, invoiceId), { releaseUsage: true })
      .catch(() => undefined);
    await ports()
      .deletePendingUpload(pending)
      .catch(() => undefined);
    throw error;
  }
  // A marker left behind only costs the sweep one look at an invoice that has its file.
  await ports()
    .deletePendingUpload(pending)
    .catch(() => undefined);
  await ports().publishInvoiceEvent(item.orgId, item.id, 'invoice.uploaded');
  return item;
}

/**
 * Announces a browser upload and answers a presigned POST for it. The plan limit is checked here so the
 * person learns it before sending 10 MB; it is enforced again when the invoice is created
 * ({@link registerStoredFile}).
 */
export async function prepareBrowserUpload(
  uploader: Uploader,
  input: { filename: string; contentType: AcceptedContentType; size: number },
  /** The client's Idempotency-Key, claimed with the reservation (see idempotent-upload.ts). */
  idempotencyKey?: string,
): Promise<{ invoiceId: string; url: string; fields: Record<string, string> }> {
  const { monthlyLimit } = await uploadTerms(uploader);
  if (monthlyLimit !== null && (await ports().getUsage(uploader.orgId)).invoices >= monthlyLimit) {
    throw tooMany('monthly_limit_reached', limitMessage(monthlyLimit), secondsUntilNextMonth());
  }
  const invoiceId = ulid();
  const filename = safeFilename(input.filename);
  const objectKey = ports().objectKeyFor(uploader.orgId, invoiceId, filename);
  await ports().putReservation(
    {
      orgId: uploader.orgId,
      invoiceId,
      objectKey,
      filename,
      contentType: input.contentType,
      size: input.size,
      uploadedBy: uploader.actorId,
      uploadedByName: uploader.name,
      createdAt: new Date().toISOString(),
    },
    idempotencyKey
      ? { orgId: uploader.orgId, key: idempotencyKey, operation: 'upload_url', invoiceId }
      : undefined,
  );
  return presignedPostFor(invoiceId, objectKey, input.contentType);
}

/** The presigned POST of an announced upload (answered again to a retry with the same Idempotency-Key). */
export async function presignedPostFor(invoiceId: string, objectKey: string, contentType: string) {
  const post = await ports().presignUpload(objectKey, contentType, MAX_UPLOAD_BYTES);
  return { invoiceId, url: post.url, fields: post.fields };
}

/**
 * Makes sure a stored object has its invoice, and answers the invoice's object key (null when the object
 * has none and was deleted). API uploads created the invoice before storing the file; browser uploads
 * only left a reservation, so the invoice is created here, once (a conditional put: a duplicate event
 * finds it exists). An object with neither is an orphan (an expired reservation, a deleted invoice) and is
 * deleted under every spelling of its key (`storedKeys`).
 */
export async function registerStoredFile(
  orgId: string,
  invoiceId: string,
  storedKeys: string[],
): Promise<string | null> {
  const existing = await ports().findInvoice(orgId, invoiceId);
  if (existing) return existing.objectKey;

  const reservation = await ports().findReservation(orgId, invoiceId);
  if (!reservation) {
    for (const key of storedKeys) await ports().deleteObject(key);
    return null;
  }
  const org = await ports().getOrganization(orgId);
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
    await ports().createInvoice(item, {
      monthlyLimit: PLAN_MONTHLY_INVOICE_LIMIT[org.plan],
      event: {
        type: 'uploaded',
        actor: reservation.uploadedBy,
        actorName: reservation.uploadedByName ?? null,
      },
      // The file is stored already: the event goes out with the invoice's creation, in its transaction.
      outbox: [invoiceEventEffect(invoiceId, 'invoice.uploaded')],
    });
  } catch (error) {
    if (error instanceof MonthlyLimitReached) {
      // The limit was checked when the upload was announced; a month filled up meanwhile. The file is
      // not kept, as the API upload would have refused it.
      for (const key of storedKeys) await ports().deleteObject(key);
      await ports().deleteReservation(orgId, invoiceId);
      return null;
    }
    // A duplicate event raced us to it: the invoice exists, which is all registering promises.
    if (!(error instanceof AppError && error.code === 'already_exists')) throw error;
    return reservation.objectKey;
  }
  await ports().deleteReservation(orgId, invoiceId);
  return item.objectKey;
}

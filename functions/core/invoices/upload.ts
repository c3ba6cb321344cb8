import { ulid } from 'ulid';
import {
  type AcceptedContentType,
  MAX_UPLOAD_BYTES,
  PLAN_MONTHLY_INVOICE_LIMIT,
  UPLOAD_TOO_LARGE_MESSAGE,
} from '../../../shared/constants';
import { DEFAULT_CURRENCY } from '../../../shared/schemas';
import { nowIso } from '../../adapters/dynamodb/client';
import { createInvoice, deleteInvoice, getInvoice } from '../../adapters/dynamodb/invoices';
import { getOrganization, getUsage, orgSettings } from '../../adapters/dynamodb/organizations';
import { deletePendingUpload } from '../../adapters/dynamodb/pending-uploads';
import { putReservation, type UploadReservation } from '../../adapters/dynamodb/upload-reservations';
import { objectKeyFor, presignUpload, putObject } from '../../adapters/s3/storage';
import { actorNameOf } from '../../api/lib/actor-name';
import type { Principal } from '../../api/lib/principal';
import { AppError } from '../errors/app-error';
import { safeFilename, sniffContentType } from '../files/sniff';
import type { InvoiceItem } from './invoice';

export const UNSUPPORTED_TYPE_MESSAGE = 'Unsupported file type: upload a PDF, JPEG, PNG or TIFF file';

/** Where an uploaded file came from when it was not sent by a person or an API client: an e-mail. */
export interface EmailOrigin {
  source: 'email';
  emailFrom: string;
  emailSubject: string | null;
}

/** A new invoice as stored on upload: everything the AI will fill in is empty. */
export function newInvoiceItem(
  input: Omit<UploadReservation, 'createdAt' | 'uploadedBy'> & {
    uploadedBy: string | null;
    createdAt?: string;
    origin?: EmailOrigin;
    currency?: string;
  },
): InvoiceItem {
  const now = input.createdAt ?? nowIso();
  return {
    id: input.invoiceId,
    orgId: input.orgId,
    objectKey: input.objectKey,
    filename: input.filename,
    contentType: input.contentType,
    fileSize: input.size,
    pageCount: null,
    invoiceNumber: null,
    vendorId: null,
    vendorName: null,
    vendorAddress: null,
    vendorEmail: null,
    vendorPhone: null,
    invoiceDate: null,
    dueDate: null,
    subtotal: null,
    taxAmount: null,
    totalAmount: null,
    // The organization's default until processing reads the invoice's own (or its vendor's).
    currency: input.currency ?? DEFAULT_CURRENCY,
    status: 'UPLOADED',
    processingStage: 'QUEUED',
    processingRunId: ulid(),
    reviewReasons: [],
    rejectionReason: null,
    aiConfidence: null,
    fieldConfidence: {},
    fieldLocations: {},
    notes: null,
    propertyId: null,
    categoryId: null,
    categoryName: null,
    syncResults: [],
    uploadedBy: input.uploadedBy,
    source: input.origin?.source ?? 'upload',
    emailFrom: input.origin?.emailFrom ?? null,
    emailSubject: input.origin?.emailSubject ?? null,
    uploadedByName: input.uploadedByName ?? null,
    extracted: null,
    correctedFields: [],
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
}

async function monthlyLimit(orgId: string): Promise<number | null> {
  return PLAN_MONTHLY_INVOICE_LIMIT[(await getOrganization(orgId)).plan];
}

/** What a new invoice takes from its organization: the plan's monthly limit and the default currency. */
async function uploadTerms(orgId: string) {
  const org = await getOrganization(orgId);
  return { monthlyLimit: PLAN_MONTHLY_INVOICE_LIMIT[org.plan], currency: orgSettings(org).defaultCurrency };
}

function limitMessage(limit: number) {
  return `Monthly invoice limit reached: your plan allows ${limit} invoices per month`;
}

/**
 * Stores an uploaded file and creates its invoice as UPLOADED; the object-created event then starts
 * processing. The type is decided by the bytes. Nothing is half-created: if storing fails, the invoice
 * is removed again and the month's count given back; if the server dies before the file is stored, the
 * sweep of pending uploads does the same (services/abandoned-uploads.ts). API uploads and e-mailed
 * attachments (`origin`) both come through here, so both get the same checks, plan limit and processing.
 */
export async function uploadFile(
  principal: Pick<Principal, 'orgId' | 'actorId' | 'email'> & { kind?: Principal['kind'] },
  file: { filename: string; bytes: Buffer },
  origin?: EmailOrigin,
): Promise<InvoiceItem> {
  if (file.bytes.length === 0) throw new AppError('input', 'empty_file', 'The file is empty');
  if (file.bytes.length > MAX_UPLOAD_BYTES)
    throw new AppError('too_large', 'file_too_large', UPLOAD_TOO_LARGE_MESSAGE);
  const contentType = sniffContentType(file.bytes);
  if (!contentType) throw new AppError('unsupported', 'unsupported_type', UNSUPPORTED_TYPE_MESSAGE);
  const invoiceId = ulid();
  const filename = safeFilename(file.filename);
  const objectKey = objectKeyFor(principal.orgId, invoiceId, filename);
  // An e-mailed file is named after its sender; anything else after the person or the API key.
  const uploader = principal.kind && !origin ? actorNameOf({ ...principal, kind: principal.kind }) : null;
  const [terms, uploadedByName] = await Promise.all([
    uploadTerms(principal.orgId),
    uploader ?? Promise.resolve(origin?.emailFrom ?? principal.email),
  ]);
  const item = newInvoiceItem({
    orgId: principal.orgId,
    invoiceId,
    objectKey,
    filename,
    contentType,
    size: file.bytes.length,
    // An e-mailed file has no uploading user; the event names its sender.
    uploadedBy: origin ? null : principal.actorId,
    origin,
    uploadedByName,
    currency: terms.currency,
  });
  await createInvoice(item, {
    monthlyLimit: terms.monthlyLimit,
    event: { type: 'uploaded', actor: principal.actorId, actorName: uploadedByName },
    fileToFollow: true,
  });
  const pending = { orgId: item.orgId, invoiceId, createdAt: item.createdAt };
  try {
    await putObject(objectKey, file.bytes, contentType);
  } catch (error) {
    await deleteInvoice(await getInvoice(principal.orgId, invoiceId), { releaseUsage: true }).catch(
      () => undefined,
    );
    await deletePendingUpload(pending).catch(() => undefined);
    throw error;
  }
  // A marker left behind only costs the sweep one look at an invoice that has its file.
  await deletePendingUpload(pending).catch(() => undefined);
  return item;
}

/**
 * Announces a browser upload and answers a presigned POST for it. The plan limit is checked here so the
 * person learns it before sending 10 MB; it is enforced again when the invoice is created.
 */
export async function prepareBrowserUpload(
  principal: Principal,
  input: { filename: string; contentType: AcceptedContentType; size: number },
) {
  const limit = await monthlyLimit(principal.orgId);
  if (limit !== null && (await getUsage(principal.orgId)).invoices >= limit) {
    throw new AppError('quota', 'monthly_limit_reached', limitMessage(limit));
  }
  const invoiceId = ulid();
  const filename = safeFilename(input.filename);
  const objectKey = objectKeyFor(principal.orgId, invoiceId, filename);
  await putReservation({
    orgId: principal.orgId,
    invoiceId,
    objectKey,
    filename,
    contentType: input.contentType,
    size: input.size,
    uploadedBy: principal.actorId,
    uploadedByName: await actorNameOf(principal),
    createdAt: nowIso(),
  });
  const post = await presignUpload(objectKey, input.contentType, MAX_UPLOAD_BYTES);
  return { invoiceId, url: post.url, fields: post.fields };
}

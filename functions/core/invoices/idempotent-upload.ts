import { conflict } from '../errors/app-error';
import { type IdempotencyClaim, IdempotencyKeyTaken } from '../invoices/upload-records';
import { ports } from '../ports';
import type { InvoiceItem } from './invoice';
import { prepareBrowserUpload, presignedPostFor, registerUpload, type Uploader } from './upload';

/**
 * Uploads under a client's `Idempotency-Key`: a client that lost the answer (a timeout, a crash) sends
 * again with the same key and gets the first invoice instead of a second one. The key is claimed in the
 * transaction that creates the invoice (or the browser upload's reservation), for 24 h, per
 * organization: another organization's same key is its own. Of two requests with one key at once, one
 * creates and the other answers what it created.
 */

/** An upload's answer, and whether it is the answer to an earlier request with the same key. */
export interface Once<T> {
  value: T;
  replayed: boolean;
}

/** Attempts before giving up on a key whose first request is still being written. */
const ATTEMPTS = 6;

async function once<T>(
  orgId: string,
  key: string,
  operation: IdempotencyClaim['operation'],
  create: () => Promise<T>,
  /** The first request's answer from its invoice id, or undefined when nothing of it is left. */
  replay: (invoiceId: string) => Promise<T | undefined>,
): Promise<Once<T>> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const claim = await ports().findIdempotencyClaim(orgId, key);
    if (claim) {
      if (claim.operation !== operation)
        throw conflict('idempotency_key_reused', 'This Idempotency-Key was used for another kind of upload');
      const value = await replay(claim.invoiceId);
      if (value !== undefined) return { value, replayed: true };
      // Its invoice is gone (the upload was undone, or the invoice deleted): the key is free again.
      await ports().releaseIdempotencyKey(orgId, key, claim.invoiceId);
    }
    try {
      return { value: await create(), replayed: false };
    } catch (error) {
      if (!(error instanceof IdempotencyKeyTaken)) throw error;
      // Taken meanwhile by a concurrent request: its claim is read on the next round.
      await new Promise((resolve) => setTimeout(resolve, 25 * attempt));
    }
  }
  throw conflict(
    'idempotency_key_busy',
    'A request with this Idempotency-Key is still being processed; try again in a moment',
  );
}

/** POST /api/invoices/upload with an optional key: the first invoice again for a repeated key. */
export function uploadOnce(
  uploader: Uploader,
  file: { filename: string; bytes: Buffer },
  idempotencyKey: string | undefined,
): Promise<Once<InvoiceItem>> {
  const create = () => registerUpload(uploader, file, { idempotencyKey });
  if (!idempotencyKey) return create().then((value) => ({ value, replayed: false }));
  return once(uploader.orgId, idempotencyKey, 'upload', create, (id) =>
    ports().findInvoice(uploader.orgId, id),
  );
}

/**
 * The presigned upload's announcement with an optional key. A repeated key answers the same invoice id
 * with a fresh presigned POST for the same object while the file has yet to arrive; once it arrived (the
 * invoice exists), 409: a second POST would overwrite the stored file of an invoice under way.
 */
export function prepareBrowserUploadOnce(
  uploader: Uploader,
  input: Parameters<typeof prepareBrowserUpload>[1],
  idempotencyKey: string | undefined,
): Promise<Once<Awaited<ReturnType<typeof prepareBrowserUpload>>>> {
  const create = () => prepareBrowserUpload(uploader, input, idempotencyKey);
  if (!idempotencyKey) return create().then((value) => ({ value, replayed: false }));
  return once(uploader.orgId, idempotencyKey, 'upload_url', create, async (invoiceId) => {
    // The invoice first: while it is created, its reservation still exists for a moment.
    if (await ports().findInvoice(uploader.orgId, invoiceId))
      throw conflict(
        'upload_complete',
        `The upload with this Idempotency-Key is complete: it is invoice ${invoiceId}`,
      );
    const reservation = await ports().findReservation(uploader.orgId, invoiceId);
    if (!reservation) return undefined;
    return presignedPostFor(invoiceId, reservation.objectKey, reservation.contentType);
  });
}

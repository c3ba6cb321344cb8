import { contentTypeOf } from '@/features/invoices/lib/file-rules';
import { ApiError, api, apiErrorFrom, authHeaders } from '@/lib/api-client';

export interface UploadTarget {
  invoiceId: string;
  url: string;
  fields: Record<string, string>;
}

/**
 * Asks the API for a presigned POST for one file. The same `idempotencyKey` names the same invoice: a
 * request repeated after a lost answer gets that invoice back (with a fresh POST) instead of a second one.
 */
export function requestUploadUrl(file: File, idempotencyKey: string): Promise<UploadTarget> {
  return api.post<UploadTarget>(
    '/api/invoices/upload-url',
    { filename: file.name, contentType: contentTypeOf(file), size: file.size },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}

/** How often a file is sent again after a failure that may pass (no answer, 429, 5xx), and the waits between. */
export const UPLOAD_RETRY_DELAYS_MS = [1000, 4000];

/** A failure worth trying again: the network, a rate limit or the server, not a refusal of the file. */
export function isTransientUploadError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

/** 128 random bits in hex; getRandomValues, unlike randomUUID, also works on a plain-http address. */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Uploads one file, trying again after transient failures under the same Idempotency-Key, so a retry
 * never makes a second invoice of one file.
 */
export async function uploadInvoiceFile(
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
  idempotencyKey: string = newIdempotencyKey(),
  delaysMs: readonly number[] = UPLOAD_RETRY_DELAYS_MS,
): Promise<{ invoiceId: string }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await sendOnce(file, onProgress, idempotencyKey, signal);
    } catch (error) {
      const wait = delaysMs[attempt];
      if (wait === undefined || signal?.aborted || !isTransientUploadError(error)) throw error;
      onProgress(0);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * Sends a file to storage through a presigned POST with XMLHttpRequest, for real progress events.
 * Resolves with the invoice id once stored; rejects with an ApiError otherwise.
 */
async function sendOnce(
  file: File,
  onProgress: (percent: number) => void,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<{ invoiceId: string }> {
  const target = await requestUploadUrl(file, idempotencyKey).catch((error: unknown) => {
    // fetch rejects with a TypeError when no answer came: the same "no answer" as the storage POST's.
    if (error instanceof TypeError)
      throw apiErrorFrom(0, 'Network error', 'The upload could not reach the server');
    throw error;
  });
  const headers = await authHeaders();
  const form = new FormData();
  for (const [key, value] of Object.entries(target.fields)) form.append(key, value);
  form.append('file', file);

  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', target.url);
    xhr.withCredentials = new URL(target.url, location.href).origin === location.origin;
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else reject(apiErrorFrom(xhr.status, xhr.statusText, xhr.responseText));
    };
    xhr.onerror = () => reject(apiErrorFrom(0, 'Network error', 'The upload could not reach the server'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
  return { invoiceId: target.invoiceId };
}

import { contentTypeOf } from '@/features/invoices/lib/file-rules';
import { api, apiErrorFrom, authHeaders } from '@/lib/api-client';

export interface UploadTarget {
  invoiceId: string;
  url: string;
  fields: Record<string, string>;
}

/** Asks the API for a presigned POST for one file. */
export function requestUploadUrl(file: File): Promise<UploadTarget> {
  return api.post<UploadTarget>('/api/invoices/upload-url', {
    filename: file.name,
    contentType: contentTypeOf(file),
    size: file.size,
  });
}

/**
 * Sends a file to storage through a presigned POST with XMLHttpRequest, for real progress events.
 * Resolves with the invoice id once stored; rejects with an ApiError otherwise.
 */
export async function uploadInvoiceFile(
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<{ invoiceId: string }> {
  const target = await requestUploadUrl(file);
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

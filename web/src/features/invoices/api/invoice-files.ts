import { buildUrl, fetchBlob } from '@/lib/api-client';
import { saveBlob } from '@/lib/utils';
import type { InvoiceListParams } from './get-invoices';

/** The stored file as an attachment (with the user's token), saved under its own name. */
export async function downloadInvoiceFile(id: string, fallbackName: string): Promise<void> {
  const { blob, filename } = await fetchBlob(`/api/invoices/${encodeURIComponent(id)}/file`);
  saveBlob(blob, filename ?? fallbackName);
}

/** The inline file for preview. */
export function fetchInvoicePreview(id: string) {
  return fetchBlob(`/api/invoices/${encodeURIComponent(id)}/pdf`);
}

/** Opens the file in a new tab. The tab is opened first, so popup blockers allow it. */
export async function openInvoiceInNewTab(id: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { blob } = await fetchInvoicePreview(id);
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (err) {
    tab?.close();
    throw err;
  }
}

/** The CSV export of every invoice matching the filters. */
export async function exportInvoicesCsv(params: Omit<InvoiceListParams, 'cursor' | 'limit'>): Promise<void> {
  const { blob, filename } = await fetchBlob(buildUrl('/api/invoices/export.csv', { ...params }));
  saveBlob(blob, filename ?? `invoices-${new Date().toISOString().slice(0, 10)}.csv`);
}

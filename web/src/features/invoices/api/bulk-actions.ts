import { type BulkItemResult, type BulkResult, MAX_BULK_INVOICES } from '@shared/schemas/bulk';
import type { Invoice } from '@shared/schemas/invoice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, buildUrl, errorDetail, fetchBlob } from '@/lib/api-client';
import { saveBlob } from '@/lib/utils';
import { getInvoices, type InvoiceListParams } from './get-invoices';
import { invalidateInvoices } from './invoice-actions';

/** A selected invoice as the person saw it: the version they decide on, and how the report names it. */
export interface SelectedInvoice {
  version: number;
  invoiceNumber: string | null;
  vendorName: string | null;
}
/** The selection: invoice id → what the person saw, in the order they selected. */
export type Selection = ReadonlyMap<string, SelectedInvoice>;

export const selectedOf = (invoice: Invoice): SelectedInvoice => ({
  version: invoice.version,
  invoiceNumber: invoice.invoiceNumber,
  vendorName: invoice.vendorName,
});

export type BulkAction =
  | { kind: 'approve' }
  | { kind: 'reject'; reason: string }
  | { kind: 'edit'; propertyId?: string | null; categoryId?: string | null }
  | { kind: 'delete' };

/** "All matching the filter" selects at most this many (ten calls of MAX_BULK_INVOICES). */
export const MAX_SELECTION = 1_000;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** One call of at most MAX_BULK_INVOICES ids, each with the version the person saw. */
export function bulkInvoices(action: BulkAction, ids: string[], selection: Selection) {
  const { kind, ...extra } = action;
  const versions = Object.fromEntries(ids.map((id) => [id, selection.get(id)?.version ?? 0]));
  return api.post<BulkResult>(`/api/invoices/bulk/${kind}`, { ids, versions, ...extra });
}

/**
 * Runs an action on the whole selection, MAX_BULK_INVOICES at a time, and merges the answers into one
 * report. The server decides each invoice on its own, so a call refused after others were answered (a
 * rate limit, a lost connection) leaves its invoices untouched: they are reported skipped with the reason.
 * A refusal of the very first call (no right to do this, a bad reason) is thrown: nothing was done.
 */
export async function runBulkAction(action: BulkAction, selection: Selection): Promise<BulkResult> {
  const items: BulkItemResult[] = [];
  const parts = chunks([...selection.keys()], MAX_BULK_INVOICES);
  for (const [n, ids] of parts.entries()) {
    try {
      items.push(...(await bulkInvoices(action, ids, selection)).items);
    } catch (error) {
      if (n === 0) throw error;
      const message = `Not tried: ${errorDetail(error)}`;
      for (const id of parts.slice(n).flat()) {
        const seen = selection.get(id);
        items.push({
          id,
          invoiceNumber: seen?.invoiceNumber ?? null,
          vendorName: seen?.vendorName ?? null,
          outcome: 'skipped',
          message,
          status: null,
        });
      }
      break;
    }
  }
  const count = (outcome: BulkItemResult['outcome']) => items.filter((i) => i.outcome === outcome).length;
  return { items, done: count('done'), waiting: count('waiting'), skipped: count('skipped') };
}

/** Runs a bulk action; every invoice query and the stats are refetched after it, whatever happened. */
export function useBulkAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, selection }: { action: BulkAction; selection: Selection }) =>
      runBulkAction(action, selection),
    onSettled: () => invalidateInvoices(qc),
  });
}

/**
 * Every invoice matching the list's filters (at most MAX_SELECTION), as the list answers them now: for
 * "Select all matching". `total` is how many match, which may be more than were selected.
 */
export async function invoicesMatching(
  filters: Omit<InvoiceListParams, 'limit' | 'cursor'>,
): Promise<{ selection: Map<string, SelectedInvoice>; total: number }> {
  const selection = new Map<string, SelectedInvoice>();
  let cursor: string | null = null;
  let total = 0;
  do {
    const page = await getInvoices({ ...filters, limit: MAX_BULK_INVOICES, cursor });
    total = Math.max(total, page.total);
    for (const invoice of page.items) {
      if (selection.size >= MAX_SELECTION) break;
      selection.set(invoice.id, selectedOf(invoice));
    }
    cursor = page.nextCursor;
  } while (cursor && selection.size < MAX_SELECTION);
  return { selection, total: Math.max(total, selection.size) };
}

/**
 * The CSV export of the selected invoices as one file: the server exports at most MAX_BULK_INVOICES
 * named invoices a call, so a bigger selection is fetched in parts and joined under one header row.
 */
export async function exportSelectedCsv(ids: string[]): Promise<void> {
  let csv = '';
  for (const part of chunks(ids, MAX_BULK_INVOICES)) {
    const { blob } = await fetchBlob(buildUrl('/api/invoices/export.csv', { ids: part.join(',') }));
    const text = await blob.text();
    csv += csv ? text.slice(text.indexOf('\r\n') + 2) : text;
  }
  const date = new Date().toISOString().slice(0, 10);
  saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `invoices-${date}.csv`);
}

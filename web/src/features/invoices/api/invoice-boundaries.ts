import { REPROCESS_REFETCH_DELAY_MS } from '@shared/constants';
import type { Invoice } from '@shared/schemas/invoice';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invoiceQueryKey } from './get-invoice';
import { invalidateInvoices } from './invoice-actions';

const path = (id: string, action: string) => `/api/invoices/${encodeURIComponent(id)}/${action}`;

/** Pages `atPage` on (of the invoice's own pages) become a new invoice; answers the invoice kept. */
export const splitInvoice = (invoice: Pick<Invoice, 'id' | 'version'>, atPage: number) =>
  api.post<Invoice>(path(invoice.id, 'split'), { version: invoice.version, atPage });

/** The invoice's pages join the document before it in its file; answers that (merged) invoice. */
export const mergeWithPreviousInvoice = (invoice: Pick<Invoice, 'id' | 'version'>) =>
  api.post<Invoice>(path(invoice.id, 'merge-previous'), { version: invoice.version });

/** The lists gain or lose an invoice now, and show it read again a little later (as a reprocess). */
function refresh(qc: QueryClient, changed: Invoice) {
  qc.setQueryData(invoiceQueryKey(changed.id), changed);
  setTimeout(() => void invalidateInvoices(qc), REPROCESS_REFETCH_DELAY_MS);
  return invalidateInvoices(qc);
}

export function useSplitInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ invoice, atPage }: { invoice: Invoice; atPage: number }) => splitInvoice(invoice, atPage),
    onSuccess: (kept) => refresh(qc, kept),
    // A 409 means the invoice changed meanwhile: load the current one (and its version).
    onError: (_e, { invoice }) => qc.invalidateQueries({ queryKey: invoiceQueryKey(invoice.id) }),
  });
}

export function useMergeWithPrevious() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (invoice: Invoice) => mergeWithPreviousInvoice(invoice),
    onSuccess: (merged, invoice) => {
      qc.removeQueries({ queryKey: invoiceQueryKey(invoice.id) });
      return refresh(qc, merged);
    },
    onError: (_e, invoice) => qc.invalidateQueries({ queryKey: invoiceQueryKey(invoice.id) }),
  });
}

import type { Invoice } from '@shared/schemas/invoice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invoiceQueryKey } from './get-invoice';
import { invalidateInvoices } from './invoice-actions';

/** The queue usually answers within seconds: the invoice is read again then, to show the new outcome. */
const SYNC_REFETCH_DELAY_MS = 5_000;

export const retrySync = (id: string) =>
  api.post<Invoice>(`/api/invoices/${encodeURIComponent(id)}/sync/retry`, {});

/** Queues the failed integrations of an approved invoice again (Retry sync). */
export function useRetrySync() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: retrySync,
    onSuccess: (invoice) => {
      qc.setQueryData(invoiceQueryKey(invoice.id), invoice);
      void invalidateInvoices(qc);
      setTimeout(() => void invalidateInvoices(qc), SYNC_REFETCH_DELAY_MS);
    },
  });
}

import { DETAIL_POLL_INTERVAL_MS } from '@shared/constants';
import type { Invoice } from '@shared/schemas/invoice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isInFlight } from '@/features/invoices/lib/invoice-rules';
import { api } from '@/lib/api-client';
import { invoicesQueryKey } from './get-invoices';

export const invoiceQueryKey = (id: string) => [...invoicesQueryKey, id] as const;

export const getInvoice = (id: string, signal?: AbortSignal) =>
  api.get<Invoice>(`/api/invoices/${encodeURIComponent(id)}`, { signal });

/** One invoice, polled every 2 s while it is still being processed. */
export const invoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: invoiceQueryKey(id),
    queryFn: ({ signal }) => getInvoice(id, signal),
    refetchInterval: (query) => (isInFlight(query.state.data?.status) ? DETAIL_POLL_INTERVAL_MS : false),
  });

export function useInvoice(id: string | null | undefined) {
  return useQuery({ ...invoiceQueryOptions(id ?? ''), enabled: Boolean(id) });
}

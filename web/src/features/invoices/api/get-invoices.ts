import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { REFRESH_INTERVAL_MS } from '../../../../../shared/constants';
import type { Invoice, InvoiceStatus, ProcessingStatus } from '../../../../../shared/schemas/invoice';
import { api, type Page } from '../../../lib/api-client';

export const invoicesQueryKey = ['/api/invoices'] as const;

export interface InvoiceListParams {
  status?: InvoiceStatus;
  processingStatus?: ProcessingStatus;
  search?: string;
  days?: number;
  from?: string;
  to?: string;
  limit?: number;
  cursor?: string | null;
}

export const getInvoices = (params: InvoiceListParams = {}, signal?: AbortSignal) =>
  api.get<Page<Invoice>>('/api/invoices', { query: { ...params }, signal });

export const invoicesQueryOptions = (params: InvoiceListParams = {}) =>
  queryOptions({
    queryKey: [...invoicesQueryKey, 'list', params] as const,
    queryFn: ({ signal }) => getInvoices(params, signal),
    refetchInterval: REFRESH_INTERVAL_MS,
    placeholderData: keepPreviousData,
  });

/** A page of invoices, refetched every 30 s. */
export function useInvoices(params: InvoiceListParams = {}) {
  return useQuery(invoicesQueryOptions(params));
}

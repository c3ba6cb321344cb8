import { REFRESH_INTERVAL_MS } from '@shared/constants';
import type { Invoice, InvoiceStatus, ProcessingStatus } from '@shared/schemas/invoice';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, type Page } from '@/lib/api-client';
import { pageRange, useCursorPages } from '@/lib/cursor-pages';
import type { InvoicesSearch } from '@/lib/search';

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
  /** Only invoices waiting for the caller's approval. */
  waitingFor?: 'me';
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

/** Invoices per page on the Invoices page. */
export const INVOICES_PAGE_SIZE = 12;

/** The Invoices page's list filters, from its URL search. */
export const invoicesPageFilters = (search: InvoicesSearch): Omit<InvoiceListParams, 'limit' | 'cursor'> => ({
  processingStatus: search.filter,
  search: search.q,
  waitingFor: search.waitingFor,
});

/** A page of invoices, refetched every 30 s. */
export function useInvoices(params: InvoiceListParams = {}) {
  return useQuery(invoicesQueryOptions(params));
}

/**
 * Page `page` (1-based, from the URL) of the invoices matching `filters`, `pageSize` at a time. Each
 * page's cursor is remembered per filter set as it is fetched, so Previous and a reload work. When the
 * page's cursor is not known (a link from another tab, or a page past the last), `onUnknownPage`
 * should go back to page 1.
 * `paging` is Pagination's state, or null while there is nothing to page through.
 */
export function useInvoicePage(
  filters: Omit<InvoiceListParams, 'limit' | 'cursor'>,
  { page, pageSize, onUnknownPage }: { page: number; pageSize: number; onUnknownPage: () => void },
) {
  const { cursor, known, start, remember } = useCursorPages(
    JSON.stringify(['invoices', filters, pageSize]),
    page,
  );
  useEffect(() => {
    if (!known) onUnknownPage();
  });
  const { data, isPending, isError, isPlaceholderData } = useInvoices({
    ...filters,
    limit: pageSize,
    cursor: known ? cursor : null,
  });
  useEffect(() => {
    if (data && !isPlaceholderData) remember(page, data.nextCursor, data.items.length);
  }, [data, isPlaceholderData, page, remember]);
  const items = data?.items ?? [];
  const paging =
    data && (data.total > 0 || data.nextCursor)
      ? {
          page,
          range: pageRange(page, pageSize, items.length, data.total, start),
          totalIsLowerBound: data.totalIsLowerBound,
          hasNext: Boolean(data.nextCursor),
          busy: isPlaceholderData,
        }
      : null;
  return { data, isPending, isError, isPlaceholderData, items, paging };
}

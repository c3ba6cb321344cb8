import type { Comment, InvoiceEvent, LineItem } from '@shared/schemas/invoice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Page } from '@/lib/api-client';
import { invoiceQueryKey } from './get-invoice';

const child = <T>(id: string, part: 'line-items' | 'comments' | 'events') =>
  queryOptions({
    queryKey: [...invoiceQueryKey(id), part] as const,
    queryFn: ({ signal }) =>
      api.get<Page<T>>(`/api/invoices/${encodeURIComponent(id)}/${part}`, { signal, query: { limit: 100 } }),
  });

export const lineItemsQueryOptions = (id: string) => child<LineItem>(id, 'line-items');
export const commentsQueryOptions = (id: string) => child<Comment>(id, 'comments');
export const eventsQueryOptions = (id: string) => child<InvoiceEvent>(id, 'events');

export const useLineItems = (id: string) => useQuery(lineItemsQueryOptions(id));
export const useComments = (id: string) => useQuery(commentsQueryOptions(id));
export const useInvoiceEvents = (id: string) => useQuery(eventsQueryOptions(id));

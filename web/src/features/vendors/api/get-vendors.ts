import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Vendor } from '../../../../../shared/schemas/entities';
import { api, type Page } from '../../../lib/api-client';

export const vendorsQueryKey = ['/api/vendors'] as const;

export interface VendorListParams {
  search?: string;
  cursor?: string | null;
  limit?: number;
}

export const getVendors = (params: VendorListParams = {}, signal?: AbortSignal) =>
  api.get<Page<Vendor>>('/api/vendors', { query: { ...params }, signal });

export const vendorsQueryOptions = (params: VendorListParams = {}) =>
  queryOptions({
    queryKey: [...vendorsQueryKey, 'list', params] as const,
    queryFn: ({ signal }) => getVendors(params, signal),
    placeholderData: keepPreviousData,
  });

/** One page of vendors matching `search`, with the live invoice totals per vendor. */
export function useVendors(params: VendorListParams = {}) {
  return useQuery(vendorsQueryOptions(params));
}

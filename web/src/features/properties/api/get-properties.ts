import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Property } from '../../../../../shared/schemas/entities';
import { api, type Page } from '../../../lib/api-client';

/** Shared prefix with the invoice form's property options, so a change refreshes both. */
export const propertiesQueryKey = ['/api/properties'] as const;

export interface PropertyListParams {
  search?: string;
  cursor?: string | null;
  limit?: number;
}

export const getProperties = (params: PropertyListParams = {}, signal?: AbortSignal) =>
  api.get<Page<Property>>('/api/properties', { query: { ...params }, signal });

export const propertiesQueryOptions = (params: PropertyListParams = {}) =>
  queryOptions({
    queryKey: [...propertiesQueryKey, 'list', params] as const,
    queryFn: ({ signal }) => getProperties(params, signal),
    placeholderData: keepPreviousData,
  });

export function useProperties(params: PropertyListParams = {}) {
  return useQuery(propertiesQueryOptions(params));
}

import type { ApiKey } from '@shared/schemas/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Page } from '@/lib/api-client';

export const apiKeysQueryKey = ['/api/api-keys'] as const;

export const getApiKeys = (signal?: AbortSignal) =>
  api.get<Page<ApiKey>>('/api/api-keys', { query: { limit: 100 }, signal });

export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: apiKeysQueryKey, queryFn: ({ signal }) => getApiKeys(signal) });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}

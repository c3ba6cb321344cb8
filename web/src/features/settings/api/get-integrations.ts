import type { Integration } from '@shared/schemas/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Page } from '@/lib/api-client';

export const integrationsQueryKey = ['/api/integrations'] as const;

export const getIntegrations = (signal?: AbortSignal) =>
  api.get<Page<Integration>>('/api/integrations', { query: { limit: 100 }, signal });

export const integrationsQueryOptions = () =>
  queryOptions({ queryKey: integrationsQueryKey, queryFn: ({ signal }) => getIntegrations(signal) });

export function useIntegrations() {
  return useQuery(integrationsQueryOptions());
}

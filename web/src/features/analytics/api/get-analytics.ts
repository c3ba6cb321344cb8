import type { Analytics } from '@shared/schemas/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const analyticsQueryKey = ['/api/analytics/invoice-analytics'] as const;

export const getAnalytics = (signal?: AbortSignal) =>
  api.get<Analytics | null>('/api/analytics/invoice-analytics', { signal });

export const analyticsQueryOptions = () =>
  queryOptions({ queryKey: analyticsQueryKey, queryFn: ({ signal }) => getAnalytics(signal) });

export function useAnalytics() {
  return useQuery(analyticsQueryOptions());
}

import { REFRESH_INTERVAL_MS } from '@shared/constants';
import type { Stats } from '@shared/schemas/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const statsQueryKey = ['/api/stats'] as const;

export const getStats = (): Promise<Stats> => api.get<Stats>('/api/stats');

export const statsQueryOptions = () =>
  queryOptions({ queryKey: statsQueryKey, queryFn: getStats, refetchInterval: REFRESH_INTERVAL_MS });

/** Dashboard statistics, refetched every 30 s. */
export function useStats() {
  return useQuery(statsQueryOptions());
}

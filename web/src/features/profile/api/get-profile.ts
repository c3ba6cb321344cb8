import type { User } from '@shared/schemas/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const profileQueryKey = ['/api/user/profile'] as const;

export const getProfile = (signal?: AbortSignal) => api.get<User>('/api/user/profile', { signal });

export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal) });

export function useProfile() {
  return useQuery(profileQueryOptions());
}

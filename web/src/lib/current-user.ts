import type { User } from '@shared/schemas/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getIdToken } from '@/lib/auth';

export const userQueryKey = ['/api/auth/user'] as const;

/** The current user, or null for a visitor (no stored session, or a 401). */
export async function getUser(): Promise<User | null> {
  const token = await getIdToken();
  if (!token) return null;
  return api.get<User | null>('/api/auth/user', { on401: 'returnNull' });
}

export const userQueryOptions = () =>
  queryOptions({ queryKey: userQueryKey, queryFn: getUser, retry: false });

export function useUser() {
  return useQuery(userQueryOptions());
}

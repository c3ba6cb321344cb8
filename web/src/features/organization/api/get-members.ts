import type { Member } from '@shared/schemas/team';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Page } from '@/lib/api-client';

export const membersQueryKey = ['/api/organization/members'] as const;

export const getMembers = (signal?: AbortSignal) =>
  api.get<Page<Member>>('/api/organization/members', { signal });

export const membersQueryOptions = () =>
  queryOptions({ queryKey: membersQueryKey, queryFn: ({ signal }) => getMembers(signal) });

/** The organization's people; any member may list them. */
export function useMembers() {
  return useQuery(membersQueryOptions());
}

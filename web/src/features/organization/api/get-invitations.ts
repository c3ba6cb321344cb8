import type { Invitation } from '@shared/schemas/team';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Page } from '@/lib/api-client';

export const invitationsQueryKey = ['/api/organization/invitations'] as const;

export const getInvitations = (signal?: AbortSignal) =>
  api.get<Page<Invitation>>('/api/organization/invitations', { signal });

export const invitationsQueryOptions = () =>
  queryOptions({ queryKey: invitationsQueryKey, queryFn: ({ signal }) => getInvitations(signal) });

/** Pending invitations. Admin only (a member gets 403), so `enabled` is false for members. */
export function useInvitations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...invitationsQueryOptions(), enabled });
}

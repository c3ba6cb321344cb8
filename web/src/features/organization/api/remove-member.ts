import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { membersQueryKey } from './get-members';
import { organizationQueryKey } from './get-organization';

export const removeMember = (userId: string) =>
  api.delete<void>(`/api/organization/members/${encodeURIComponent(userId)}`);

/** Admin only. Refreshes the members and the organization (its user count). */
export function useRemoveMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: membersQueryKey }),
        qc.invalidateQueries({ queryKey: organizationQueryKey }),
      ]),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invitationsQueryKey } from './get-invitations';

export const revokeInvitation = (email: string) =>
  api.delete<void>(`/api/organization/invitations/${encodeURIComponent(email)}`);

/** Admin only. Refreshes the pending invitations. */
export function useRevokeInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => qc.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}

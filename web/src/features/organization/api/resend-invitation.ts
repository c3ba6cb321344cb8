import type { Invitation } from '@shared/schemas/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invitationsQueryKey } from './get-invitations';

/** Sends the invitation e-mail again with a new link valid 7 days; the old link stops working. */
export const resendInvitation = (email: string) =>
  api.post<Invitation>(`/api/organization/invitations/${encodeURIComponent(email)}/resend`);

/** Admin only. Refreshes the pending invitations (their expiry moves). */
export function useResendInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => qc.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}

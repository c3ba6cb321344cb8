import type { Invitation, invitationCreateSchema } from '@shared/schemas/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { invitationsQueryKey } from './get-invitations';

export type InvitationInput = z.output<typeof invitationCreateSchema>;

export const createInvitation = (body: InvitationInput) =>
  api.post<Invitation>('/api/organization/invitations', body);

/** Admin only. 409 `already_member` / `invitation_exists`; refreshes the pending invitations. */
export function useCreateInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => qc.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}

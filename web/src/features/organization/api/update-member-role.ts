import type { Member, memberUpdateSchema } from '@shared/schemas/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { userQueryKey } from '@/lib/current-user';
import { membersQueryKey } from './get-members';

export type MemberUpdate = z.output<typeof memberUpdateSchema>;

export const updateMemberRole = ({ userId, ...body }: MemberUpdate & { userId: string }) =>
  api.put<Member>(`/api/organization/members/${encodeURIComponent(userId)}`, body);

/** Admin only. Refreshes the members and the current user (whose own role may have changed). */
export function useUpdateMemberRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateMemberRole,
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: membersQueryKey }),
        qc.invalidateQueries({ queryKey: userQueryKey }),
      ]),
  });
}

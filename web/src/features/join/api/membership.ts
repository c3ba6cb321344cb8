import type { Membership, MembershipChoice } from '@shared/schemas/team';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { userQueryKey } from '@/lib/current-user';

/** The codes the API refuses a signed-in person in no organization with (functions/api/lib/principal.ts). */
export const MEMBERSHIP_REFUSALS = ['membership_removed', 'membership_choice_required'] as const;

/** Whether an error says the person must choose what to join (the join page asks them). */
export const isMembershipRefusal = (error: unknown): boolean =>
  error instanceof ApiError &&
  error.status === 403 &&
  (MEMBERSHIP_REFUSALS as readonly string[]).includes(error.code ?? '');

export const membershipQueryKey = ['/api/auth/membership'] as const;

/** Where the signed-in person stands: a member, or removed, invited or unverified (and what invites them). */
export const membershipOptions = () =>
  queryOptions({
    queryKey: membershipQueryKey,
    queryFn: () => api.get<Membership>('/api/auth/membership'),
    retry: false,
  });

export const useMembership = (enabled = true) => useQuery({ ...membershipOptions(), enabled });

/** Join the inviting organization or create one's own; the session is then read again. */
export function useChooseMembership() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (choice: MembershipChoice) => api.post<Membership>('/api/auth/membership', choice),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: userQueryKey });
      await qc.invalidateQueries({ queryKey: membershipQueryKey });
    },
  });
}

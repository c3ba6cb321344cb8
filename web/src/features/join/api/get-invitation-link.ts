import type { InvitationPreview } from '@shared/schemas/team';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** What an invitation e-mail's link opens; 410 says why it no longer works, 404 that it never did. */
export const invitationLinkOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitation-link', token],
    queryFn: () => api.get<InvitationPreview>(`/api/invitations/${encodeURIComponent(token)}`),
    retry: false,
  });

export const useInvitationLink = (token: string) => useQuery(invitationLinkOptions(token));

import type { Organization } from '@shared/schemas/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { organizationQueryKey } from './get-organization';

/** Inbox changes answer the organization; it replaces the cached one. */
function useInboxMutation<T>(mutationFn: (input: T) => Promise<Organization>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (org) => qc.setQueryData(organizationQueryKey, org),
  });
}

/** A new inbox address; mail to the old one is refused from then on (administrators). */
export const useRegenerateInbox = () =>
  useInboxMutation(() => api.post<Organization>('/api/organization/inbox/regenerate'));

/** The senders (addresses or domains) the inbox accepts; empty accepts everyone (administrators). */
export const useSetInboxSenders = () =>
  useInboxMutation((allowedSenders: string[]) =>
    api.put<Organization>('/api/organization/inbox', { allowedSenders }),
  );

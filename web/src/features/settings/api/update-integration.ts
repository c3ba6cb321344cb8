import type { Integration } from '@shared/schemas/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateIntegrations } from './create-integration';

export interface IntegrationPatch {
  name?: string;
  status?: 'ACTIVE' | 'INACTIVE';
  /** The version the screen shows, so a concurrent change answers 409. */
  version?: number;
}

export const updateIntegration = (id: string, body: IntegrationPatch) =>
  api.put<Integration>(`/api/integrations/${encodeURIComponent(id)}`, body);

/** Pauses or resumes syncing to one integration. */
export function useUpdateIntegration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: IntegrationPatch }) => updateIntegration(id, body),
    onSuccess: () => invalidateIntegrations(qc),
  });
}

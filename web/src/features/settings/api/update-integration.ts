import type { Integration } from '@shared/schemas/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateIntegrations } from './create-integration';

export interface IntegrationPatch {
  name?: string;
  status?: 'ACTIVE' | 'INACTIVE';
  /** Fields to set (merged over the stored config; null removes one, secrets left out are kept). */
  config?: Record<string, string | null>;
  /** The version the screen shows, so a concurrent change answers 409. */
  version?: number;
}

export const updateIntegration = (id: string, body: IntegrationPatch) =>
  api.put<Integration>(`/api/integrations/${encodeURIComponent(id)}`, body);

/** Pauses or resumes syncing to one integration, or saves its settings (the account mapping). */
export function useUpdateIntegration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: IntegrationPatch }) => updateIntegration(id, body),
    onSuccess: () => invalidateIntegrations(qc),
  });
}

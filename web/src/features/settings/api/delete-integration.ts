import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateIntegrations } from './create-integration';

export const deleteIntegration = (id: string) =>
  api.delete<void>(`/api/integrations/${encodeURIComponent(id)}`);

export function useDeleteIntegration() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteIntegration, onSuccess: () => invalidateIntegrations(qc) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiKeysQueryKey } from './get-api-keys';

export const deleteApiKey = (id: string) => api.delete<void>(`/api/api-keys/${encodeURIComponent(id)}`);

export function useDeleteApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteApiKey,
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

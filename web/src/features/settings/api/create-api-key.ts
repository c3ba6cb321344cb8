import type { ApiKey } from '@shared/schemas/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiKeysQueryKey } from './get-api-keys';

/** The create answer: the only time the full key is sent. */
export const createApiKey = (name: string) => api.post<ApiKey>('/api/api-keys', { name });

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

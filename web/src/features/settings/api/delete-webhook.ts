import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

export const deleteWebhook = (id: string) => api.delete<void>(`/api/webhooks/${encodeURIComponent(id)}`);

export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => qc.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

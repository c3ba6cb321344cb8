import type { Webhook, webhookInputSchema } from '@shared/schemas/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

export type WebhookInput = z.output<typeof webhookInputSchema>;

export const createWebhook = (body: WebhookInput) => api.post<Webhook>('/api/webhooks', body);

export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => qc.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

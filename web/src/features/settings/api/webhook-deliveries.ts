import type { WebhookDelivery } from '@shared/schemas/entities';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const deliveriesKey = (webhookId: string) => ['/api/webhooks', webhookId, 'deliveries'] as const;
const path = (webhookId: string) => `/api/webhooks/${encodeURIComponent(webhookId)}/deliveries`;

/** The newest deliveries of one webhook; fetched only while its log is open. */
export function useWebhookDeliveries(webhookId: string, enabled: boolean) {
  return useQuery({
    queryKey: deliveriesKey(webhookId),
    queryFn: ({ signal }) =>
      api.get<{ items: WebhookDelivery[]; nextCursor: string | null }>(path(webhookId), {
        query: { limit: 20 },
        signal,
      }),
    enabled,
  });
}

/** Queues one more attempt of a delivery (same webhook-id); the log shows its outcome when it lands. */
export function useResendDelivery(webhookId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api.post<{ queued: boolean }>(`${path(webhookId)}/${encodeURIComponent(deliveryId)}/resend`, {}),
    onSuccess: () => qc.invalidateQueries({ queryKey: deliveriesKey(webhookId) }),
  });
}

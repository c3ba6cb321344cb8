import type { Webhook } from '@shared/schemas/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Page } from '@/lib/api-client';

export const webhooksQueryKey = ['/api/webhooks'] as const;

export const getWebhooks = (signal?: AbortSignal) =>
  api.get<Page<Webhook>>('/api/webhooks', { query: { limit: 100 }, signal });

export const webhooksQueryOptions = () =>
  queryOptions({ queryKey: webhooksQueryKey, queryFn: ({ signal }) => getWebhooks(signal) });

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}

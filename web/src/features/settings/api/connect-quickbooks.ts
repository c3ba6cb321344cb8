import type { Integration, QuickBooksCallback } from '@shared/schemas/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateIntegrations } from './create-integration';

/** Starts the QuickBooks connect flow: the browser goes to Intuit's consent page (locally the fake's). */
export function useConnectQuickBooks() {
  return useMutation({
    mutationFn: () => api.post<{ authorizeUrl: string }>('/api/integrations/quickbooks/connect'),
    onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl),
  });
}

/** Hands the code Intuit sent back to the API, which stores the tokens on the QuickBooks integration. */
export function useFinishQuickBooksConnect() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (callback: QuickBooksCallback) =>
      api.post<Integration>('/api/integrations/quickbooks/callback', callback),
    onSuccess: () => invalidateIntegrations(qc),
  });
}

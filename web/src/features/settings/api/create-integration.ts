import type { Integration, integrationInputSchema } from '@shared/schemas/entities';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { integrationsQueryKey } from './get-integrations';

export type IntegrationInput = z.output<typeof integrationInputSchema>;

export const createIntegration = (body: IntegrationInput) => api.post<Integration>('/api/integrations', body);

/** The list, and the stats that count connected integrations (Quick Stats). */
export const invalidateIntegrations = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: integrationsQueryKey }),
    qc.invalidateQueries({ queryKey: ['/api/stats'] }),
  ]);

export function useCreateIntegration() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createIntegration, onSuccess: () => invalidateIntegrations(qc) });
}

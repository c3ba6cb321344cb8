import type { Integration, IntegrationOptions } from '@shared/schemas/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** What the connected system offers to map onto, read from it each time the mapping opens. */
export const integrationOptionsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/integrations', id, 'options'] as const,
    queryFn: ({ signal }) =>
      api.get<IntegrationOptions>(`/api/integrations/${encodeURIComponent(id)}/options`, { signal }),
    staleTime: 0,
  });

export const useIntegrationOptions = (integration: Pick<Integration, 'id'>, enabled: boolean) =>
  useQuery({ ...integrationOptionsQueryOptions(integration.id), enabled });

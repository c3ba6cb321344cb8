import type { Organization } from '@shared/schemas/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const organizationQueryKey = ['/api/organization/current'] as const;

export const getOrganization = (signal?: AbortSignal) =>
  api.get<Organization>('/api/organization/current', { signal });

export const organizationQueryOptions = () =>
  queryOptions({ queryKey: organizationQueryKey, queryFn: ({ signal }) => getOrganization(signal) });

export function useOrganization() {
  return useQuery(organizationQueryOptions());
}

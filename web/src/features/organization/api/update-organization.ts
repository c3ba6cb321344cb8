import type { Organization, organizationUpdateSchema } from '@shared/schemas/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { userQueryKey } from '@/lib/current-user';
import { organizationQueryKey } from './get-organization';

export type OrganizationUpdate = z.output<typeof organizationUpdateSchema>;

export const updateOrganization = (body: OrganizationUpdate) =>
  api.put<Organization>('/api/organization/current', body);

/** On success refreshes the organization and the current user (which carries the org's name and plan). */
export function useUpdateOrganization() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: organizationQueryKey }),
        qc.invalidateQueries({ queryKey: userQueryKey }),
        qc.invalidateQueries({ queryKey: ['/api/user/profile'] }),
      ]),
  });
}

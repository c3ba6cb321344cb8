import type { Vendor } from '@shared/schemas/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invoicesQueryKey } from '@/features/invoices';
import { api } from '@/lib/api-client';

/** Merges `sourceId` into `targetId`: its invoices follow, its name becomes an alias, it is deleted. */
export const mergeVendors = (targetId: string, sourceId: string) =>
  api.post<Vendor>(`/api/vendors/${encodeURIComponent(targetId)}/merge`, { sourceVendorId: sourceId });

export function useMergeVendors() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ targetId, sourceId }: { targetId: string; sourceId: string }) =>
      mergeVendors(targetId, sourceId),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['/api/vendors'] }),
        qc.invalidateQueries({ queryKey: invoicesQueryKey }),
        qc.invalidateQueries({ queryKey: ['/api/organization/current'] }),
      ]),
  });
}

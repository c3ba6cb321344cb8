import type { VendorMemory } from '@shared/schemas/vendor-memory';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Under the vendors' key: a change to the vendors (a merge moves what was learned) refreshes it too. */
export const vendorMemoryQueryKey = (vendorId: string) => ['/api/vendors', vendorId, 'memory'] as const;

const memoryPath = (vendorId: string) => `/api/vendors/${encodeURIComponent(vendorId)}/memory`;

/** What the AI learned of the vendor's layouts from the invoices people corrected and approved. */
export const getVendorMemory = (vendorId: string, signal?: AbortSignal) =>
  api.get<VendorMemory>(memoryPath(vendorId), { signal });

/** Forgets it: the vendor's next invoice is read from scratch (204). */
export const resetVendorMemory = (vendorId: string) => api.delete<void>(memoryPath(vendorId));

export const vendorMemoryQueryOptions = (vendorId: string) =>
  queryOptions({
    queryKey: vendorMemoryQueryKey(vendorId),
    queryFn: ({ signal }) => getVendorMemory(vendorId, signal),
    // Every approval of this vendor's invoices, by anyone in the organization, may teach it more, and
    // the server learns after the approval answered: read it afresh each time the vendor is opened.
    staleTime: 0,
  });

export const useVendorMemory = (vendorId: string) => useQuery(vendorMemoryQueryOptions(vendorId));

export function useResetVendorMemory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: resetVendorMemory,
    onSuccess: (_, vendorId) => qc.invalidateQueries({ queryKey: vendorMemoryQueryKey(vendorId) }),
  });
}

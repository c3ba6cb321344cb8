import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vendor } from '../../../../../shared/schemas/entities';
import { api } from '../../../lib/api-client';
import type { VendorInput } from './create-vendor';
import { invalidateVendors } from './invalidate';

/** Sends the version the form loaded, so a concurrent change answers 409 instead of being lost. */
export const updateVendor = (id: string, body: VendorInput & { version?: number }) =>
  api.put<Vendor>(`/api/vendors/${encodeURIComponent(id)}`, body);

export function useUpdateVendor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: VendorInput & { version?: number } }) =>
      updateVendor(id, body),
    onSuccess: () => invalidateVendors(qc),
  });
}

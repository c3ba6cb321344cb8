import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateVendors } from './invalidate';

export const deleteVendor = (id: string) => api.delete<void>(`/api/vendors/${encodeURIComponent(id)}`);

export function useDeleteVendor() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteVendor, onSuccess: () => invalidateVendors(qc) });
}

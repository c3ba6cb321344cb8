import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateProperties } from './invalidate';

export const deleteProperty = (id: string) => api.delete<void>(`/api/properties/${encodeURIComponent(id)}`);

export function useDeleteProperty() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteProperty, onSuccess: () => invalidateProperties(qc) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Property } from '../../../../../shared/schemas/entities';
import { api } from '../../../lib/api-client';
import type { PropertyInput } from './create-property';
import { invalidateProperties } from './invalidate';

type Body = PropertyInput & { version?: number };

/** Sends the version the form loaded, so a concurrent change answers 409 instead of being lost. */
export const updateProperty = (id: string, body: Body) =>
  api.put<Property>(`/api/properties/${encodeURIComponent(id)}`, body);

export function useUpdateProperty() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Body }) => updateProperty(id, body),
    onSuccess: () => invalidateProperties(qc),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Property, propertyInputSchema } from '../../../../../shared/schemas/entities';
import { api } from '../../../lib/api-client';
import { invalidateProperties } from './invalidate';

export type PropertyInput = z.output<typeof propertyInputSchema>;

export const createProperty = (body: PropertyInput) => api.post<Property>('/api/properties', body);

export function useCreateProperty() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createProperty, onSuccess: () => invalidateProperties(qc) });
}

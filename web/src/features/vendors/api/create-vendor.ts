import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Vendor, vendorInputSchema } from '../../../../../shared/schemas/entities';
import { api } from '../../../lib/api-client';
import { invalidateVendors } from './invalidate';

export type VendorInput = z.output<typeof vendorInputSchema>;

export const createVendor = (body: VendorInput) => api.post<Vendor>('/api/vendors', body);

export function useCreateVendor() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createVendor, onSuccess: () => invalidateVendors(qc) });
}

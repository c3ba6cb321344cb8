import type { Vendor, vendorInputSchema } from '@shared/schemas/entities';
import type { z } from 'zod';
import { defineEntity } from '@/features/entities';

export type VendorInput = z.output<typeof vendorInputSchema>;

/** `/api/vendors`: each vendor with its live invoice totals. */
export const vendors = defineEntity<Vendor, VendorInput>('/api/vendors', 'vendor', 'vendors');

import type { Property, propertyInputSchema } from '@shared/schemas/entities';
import type { z } from 'zod';
import { defineEntity } from '@/features/entities';

export type PropertyInput = z.output<typeof propertyInputSchema>;

/** `/api/properties` (its key prefix is shared with the invoice form's property options). */
export const properties = defineEntity<Property, PropertyInput>('/api/properties', 'property', 'properties');

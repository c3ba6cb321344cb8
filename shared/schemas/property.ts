import * as z from 'zod';
import { isoDate, isoDateTime } from './common';
import { optionalString } from './form-fields';

export const PROPERTY_TYPES = [
  'SINGLE_FAMILY',
  'MULTI_FAMILY',
  'APARTMENT',
  'COMMERCIAL',
  'RETAIL',
  'OFFICE',
  'INDUSTRIAL',
  'MIXED_USE',
  'LAND',
] as const;
export const PROPERTY_TYPE_LABELS: Record<(typeof PROPERTY_TYPES)[number], string> = {
  SINGLE_FAMILY: 'Single Family',
  MULTI_FAMILY: 'Multi Family',
  APARTMENT: 'Apartment Complex',
  COMMERCIAL: 'Commercial',
  RETAIL: 'Retail',
  OFFICE: 'Office',
  INDUSTRIAL: 'Industrial',
  MIXED_USE: 'Mixed Use',
  LAND: 'Land',
};

export const propertySchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  propertyType: z.enum(PROPERTY_TYPES),
  units: z.number().int().nullable(),
  rentAmount: z.number().nullable(),
  marketValue: z.number().nullable(),
  acquisitionDate: isoDate.nullable(),
  propertyManager: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  version: z.number().int(),
});
export type Property = z.infer<typeof propertySchema>;

/** Numbers that are 0 or empty are sent as absent (spec section 5); absent is stored as null. */
const positiveOrAbsent = (min: number, integer: boolean) => {
  // Money fields follow the form's step of 0.01.
  const base = integer
    ? z.number().int('Must be a whole number')
    : z.number().multipleOf(0.01, 'At most 2 decimals');
  return z.preprocess(
    // Only numbers and numeric text are numbers: `true` or `[]` must not turn into 1 or 0.
    (v) =>
      v === '' || v === null || v === undefined || v === 0 || v === '0'
        ? undefined
        : typeof v === 'string'
          ? Number(v)
          : v,
    base
      .min(min, min === 1 ? 'Must be at least 1' : 'Must be 0 or more')
      .max(1e12)
      .optional(),
  );
};

export const propertyInputSchema = z.object({
  name: z.string().trim().min(1, 'Property name is required').max(200),
  address: z.string().trim().min(1, 'Address is required').max(500),
  propertyType: z.enum(PROPERTY_TYPES, { message: 'Property type is required' }),
  units: positiveOrAbsent(1, true),
  rentAmount: positiveOrAbsent(0, false),
  marketValue: positiveOrAbsent(0, false),
  acquisitionDate: z
    .union([z.literal(''), isoDate])
    .nullish()
    .transform((v) => v || null),
  propertyManager: optionalString(200),
  notes: optionalString(5000),
  status: z.enum(['ACTIVE', 'INACTIVE']).optional(),
});
export const propertyUpdateSchema = propertyInputSchema.extend({
  version: z.number().int().min(1).optional(),
});

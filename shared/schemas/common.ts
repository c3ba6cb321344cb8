import * as z from 'zod';

/** ULIDs: 26 Crockford base-32 characters. Path ids are validated before any lookup. */
export const idSchema = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Invalid id');
export const isoDateTime = z.string().datetime({ offset: true });
/** A calendar date, `YYYY-MM-DD`. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD');

/** The ISO 4217 codes this runtime can format (Intl knows every current code). */
const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
/** An ISO 4217 currency code, upper case (`USD`, `EUR`, `INR`). */
export const currencyCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => KNOWN_CURRENCIES.has(code), 'Enter an ISO 4217 currency code such as USD or EUR');
export const DEFAULT_CURRENCY = 'USD';

export function pageOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    items: z.array(item),
    /** Opaque; pass back as `cursor` for the next page. Null on the last page. */
    nextCursor: z.string().nullable(),
    /** How many items match the filters in all pages. */
    total: z.number().int(),
    /** True when counting stopped early (a search over many invoices): at least `total` match. */
    totalIsLowerBound: z.boolean().optional(),
  });
}

import * as z from 'zod';

/** A free-text field a form may leave empty: trimmed, and '' or absent stored as null. */
export const optionalString = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

/** Only http(s): these URLs are called by the server (sync and webhook delivery). */
export const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .pipe(z.url({ protocol: /^https?$/, error: 'Enter a valid URL' }));

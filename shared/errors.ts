import * as z from 'zod';

/** Every error kind the API can answer with; the HTTP status is derived from the kind in one place. */
export const ERROR_KINDS = [
  'input',
  'auth',
  'forbidden',
  'not_found',
  'conflict',
  'too_large',
  'unsupported',
  'quota',
  /** Something that existed and no longer can be used (an expired or revoked invitation link). */
  'gone',
  'internal',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export const STATUS_BY_KIND: Record<ErrorKind, number> = {
  input: 400,
  auth: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported: 415,
  quota: 429,
  gone: 410,
  internal: 500,
};

export const fieldIssueSchema = z.object({ path: z.string(), message: z.string() });

/** The body of every non-2xx API answer. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(fieldIssueSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

import type { ErrorKind } from '../../../shared/errors';

export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * The one error the API shows to its callers: `kind` decides the HTTP status at the edge, `code` is a
 * stable machine-readable reason, `message` is written for people. Anything that is not an AppError
 * becomes a 500 whose cause is logged and never sent.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly kind: ErrorKind;
  readonly code: string;
  readonly issues?: FieldIssue[];
  /** When a refused call (kind `quota`) may be tried again: sent as `Retry-After`, in seconds. */
  readonly retryAfterSeconds?: number;

  constructor(
    kind: ErrorKind,
    code: string,
    message: string,
    options?: { cause?: unknown; issues?: FieldIssue[]; retryAfterSeconds?: number },
  ) {
    super(message, { cause: options?.cause });
    this.kind = kind;
    this.code = code;
    this.issues = options?.issues;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}

export const notFound = (what: string) => new AppError('not_found', 'not_found', `${what} not found`);
export const conflict = (code: string, message: string) => new AppError('conflict', code, message);
export const forbidden = (message: string) => new AppError('forbidden', 'forbidden', message);
export const badInput = (message: string, issues?: FieldIssue[]) =>
  new AppError('input', 'validation_failed', message, { issues });

/** Seconds from `now` until the 1st of next month (UTC), when monthly limits and quotas reset. */
export function secondsUntilNextMonth(now = new Date()): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/** A refusal for going past a limit (429), saying when to try again. */
export const tooMany = (code: string, message: string, retryAfterSeconds: number) =>
  new AppError('quota', code, message, { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });

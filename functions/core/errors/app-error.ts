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

  constructor(
    kind: ErrorKind,
    code: string,
    message: string,
    options?: { cause?: unknown; issues?: FieldIssue[] },
  ) {
    super(message, { cause: options?.cause });
    this.kind = kind;
    this.code = code;
    this.issues = options?.issues;
  }
}

export const notFound = (what: string) => new AppError('not_found', 'not_found', `${what} not found`);
export const conflict = (code: string, message: string) => new AppError('conflict', code, message);
export const forbidden = (message: string) => new AppError('forbidden', 'forbidden', message);
export const badInput = (message: string, issues?: FieldIssue[]) =>
  new AppError('input', 'validation_failed', message, { issues });

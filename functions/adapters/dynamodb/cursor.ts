import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../core/errors/app-error';
import { env } from '../../env';

/**
 * Page cursors: a DynamoDB key (`LastEvaluatedKey`, or the last listed item's key) as base64url JSON,
 * followed by an HMAC-SHA256 over it and the list it belongs to. The list's `scope` names the query the
 * key was read from — the organization's partition or index and the key range — so a cursor cannot be
 * edited, forged, or replayed against another organization's or another list's query (where DynamoDB
 * would refuse a start key outside its key condition with an error). Any of those is 400 `invalid_cursor`.
 *
 * The key is CURSOR_SIGNING_KEY: locally a random key kept in DATA_DIR (`infra/local/stack.ts`), in the
 * cloud a generated Secrets Manager secret (`infra/cloud/api-stack.ts`). Changing it only invalidates
 * cursors in flight; a client starts again from the first page.
 */
export type CursorKey = Record<string, unknown>;

const invalid = () => new AppError('input', 'invalid_cursor', 'Invalid cursor');

function signature(scope: string, payload: string): Buffer {
  const secret = env().CURSOR_SIGNING_KEY;
  if (!secret) throw new Error('CURSOR_SIGNING_KEY is not set');
  return createHmac('sha256', secret).update(scope).update('\n').update(payload).digest();
}

export function encodeCursor(scope: string, key: CursorKey | undefined): string | null {
  if (!key) return null;
  const payload = Buffer.from(JSON.stringify(key)).toString('base64url');
  return `${payload}.${signature(scope, payload).toString('base64url')}`;
}

/** The key a cursor of this `scope` carries; undefined without a cursor; 400 for anything else. */
export function decodeCursor(scope: string, cursor: string | undefined): CursorKey | undefined {
  if (!cursor) return undefined;
  const [payload, mac, ...rest] = cursor.split('.');
  if (!payload || !mac || rest.length) throw invalid();
  const given = Buffer.from(mac, 'base64url');
  const expected = signature(scope, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  try {
    const key = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    if (typeof key === 'object' && key !== null && !Array.isArray(key)) return key as CursorKey;
  } catch {
    // Only a cursor we signed gets here, so this is unreachable short of a leaked key.
  }
  throw invalid();
}

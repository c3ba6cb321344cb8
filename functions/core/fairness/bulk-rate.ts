import { BULK_CALLS_PER_MINUTE } from '../../../shared/schemas';
import { tooMany } from '../errors/app-error';
import { ports } from '../ports';
import { rateWindowOf } from './upload-rate';

/**
 * Counts one bulk call (up to MAX_BULK_INVOICES invoices) against its organization's per-minute limit,
 * before any invoice is touched: each call is up to a hundred transactions one after the other, and a
 * loop gone wrong must not take the table's capacity from the rest of the organization. Past the limit
 * the call is refused with 429 and `Retry-After` set to the seconds left in the window.
 */
export async function countBulkCall(orgId: string, now = Date.now()): Promise<void> {
  const window = rateWindowOf(now);
  const full = await ports().countInWindow(
    [{ orgId, counter: 'BULK', limit: BULK_CALLS_PER_MINUTE }],
    window.start,
    window.end,
  );
  if (!full) return;
  const retryAfter = Math.max(1, Math.ceil(window.end - now / 1000));
  throw tooMany(
    'bulk_rate_limited',
    `Too many bulk actions: try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'} (at most ${BULK_CALLS_PER_MINUTE} a minute)`,
    retryAfter,
  );
}

import {
  PLAN_UPLOADS_PER_MINUTE,
  PLAN_UPLOADS_PER_MINUTE_PER_KEY,
  type Plan,
} from '../../../shared/constants';
import { tooMany } from '../errors/app-error';
import { ports } from '../ports';

/** The per-minute upload limits are counted in fixed windows of this many seconds. */
export const RATE_WINDOW_S = 60;

/** The fixed window holding `now`: its start and end, in epoch seconds. */
export function rateWindowOf(now: number): { start: number; end: number } {
  const start = Math.floor(now / 1000 / RATE_WINDOW_S) * RATE_WINDOW_S;
  return { start, end: start + RATE_WINDOW_S };
}

const planName = (plan: Plan) => plan[0] + plan.slice(1).toLowerCase();

/**
 * Counts one upload against its organization's per-minute limit and, for an API key, the key's own
 * (half the organization's: one integration cannot lock out the people uploading in the app). Every path
 * an invoice comes in calls this before creating it; past a limit the upload is refused with 429 and
 * `Retry-After` set to the seconds left in the window.
 */
export async function countUpload(
  uploader: { orgId: string; apiKeyId?: string },
  plan: Plan,
  now = Date.now(),
): Promise<void> {
  const window = rateWindowOf(now);
  const full = await ports().countInWindow(
    [
      { orgId: uploader.orgId, counter: 'UPLOADS', limit: PLAN_UPLOADS_PER_MINUTE[plan] },
      ...(uploader.apiKeyId
        ? [
            {
              orgId: uploader.orgId,
              counter: `UPLOADS#KEY#${uploader.apiKeyId}`,
              limit: PLAN_UPLOADS_PER_MINUTE_PER_KEY[plan],
            },
          ]
        : []),
    ],
    window.start,
    window.end,
  );
  if (!full) return;
  const retryAfter = Math.max(1, Math.ceil(window.end - now / 1000));
  const seconds = `${retryAfter} second${retryAfter === 1 ? '' : 's'}`;
  const perKey = full.counter !== 'UPLOADS';
  throw tooMany(
    perKey ? 'api_key_rate_limited' : 'upload_rate_limited',
    perKey
      ? `Too many uploads with this API key: try again in ${seconds} (the ${planName(plan)} plan allows ${full.limit} a minute per key)`
      : `Too many uploads: try again in ${seconds} (the ${planName(plan)} plan allows ${full.limit} a minute)`,
    retryAfter,
  );
}

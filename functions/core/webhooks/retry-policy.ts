/**
 * When a failed delivery is tried again: exponential backoff (base · 2^(attempt-1), at most 12 h) with
 * ±20 % jitter, so endpoints coming back up are not hit by every sender at once, until the retry window
 * (3 days) after the first attempt is over. The worker never sleeps: the next attempt is a queue message.
 */
export interface RetryPolicy {
  /** Delay after the first failure, in seconds (tests make it short). */
  baseSeconds: number;
  /** Retries stop once the next one would fall this long after the first attempt. */
  windowSeconds: number;
}

const MAX_DELAY_SECONDS = 12 * 3600;

/** Seconds until attempt `failedAttempt + 1`, or null when the window is over. */
export function nextRetryDelaySeconds(
  policy: RetryPolicy,
  failedAttempt: number,
  firstAttemptAt: Date,
  now: Date,
  random: () => number = Math.random,
): number | null {
  const backoff = Math.min(policy.baseSeconds * 2 ** (failedAttempt - 1), MAX_DELAY_SECONDS);
  const delay = Math.max(1, Math.round(backoff * (0.8 + 0.4 * random())));
  const elapsed = (now.getTime() - firstAttemptAt.getTime()) / 1000;
  return elapsed + delay > policy.windowSeconds ? null : delay;
}

/** SQS delays a message by at most 15 minutes; a longer wait is re-queued in steps of at most this. */
export const MAX_QUEUE_DELAY_SECONDS = 900;

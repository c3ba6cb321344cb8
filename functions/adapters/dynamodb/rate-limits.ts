import type { WindowCounter } from '../../core/fairness/window-counter';
import { itemKind } from './entity';
import { keys } from './keys';
import { TTL_ATTRIBUTE } from './table-definition';

export type { WindowCounter } from '../../core/fairness/window-counter';

/** One fixed window of one counter: `count` events, and the expiry the table's TTL deletes it by. */
const windows = itemKind<{ count: number }>()({ key: keys.rateWindow });

/** A window's counter is kept this long after the window ends (the table's TTL then deletes it). */
const KEPT_AFTER_WINDOW_S = 120;

/**
 * Counts one event in the fixed window starting at `windowStart` (epoch seconds) of each counter, in
 * order, unless one is full: then nothing stays counted and the full counter is answered. Each count is
 * one conditional write (no read, no transaction), so concurrent calls never go past a limit; a counter
 * counted before a full one is given its count back.
 */
export async function countInWindow(
  counters: WindowCounter[],
  windowStart: number,
  windowEnd: number,
): Promise<WindowCounter | undefined> {
  const counted: WindowCounter[] = [];
  for (const counter of counters) {
    const ok = await windows.updateIf([counter.orgId, counter.counter, windowStart], {
      UpdateExpression: 'ADD #count :one SET #ttl = :ttl',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
      ExpressionAttributeNames: { '#count': 'count', '#ttl': TTL_ATTRIBUTE },
      ExpressionAttributeValues: {
        ':one': 1,
        ':limit': counter.limit,
        ':ttl': windowEnd + KEPT_AFTER_WINDOW_S,
      },
    });
    if (!ok) {
      await Promise.all(counted.map((c) => giveBack(c, windowStart)));
      return counter;
    }
    counted.push(counter);
  }
  return undefined;
}

async function giveBack(counter: WindowCounter, windowStart: number): Promise<void> {
  await windows.update([counter.orgId, counter.counter, windowStart], {
    UpdateExpression: 'ADD #count :minusOne',
    ExpressionAttributeNames: { '#count': 'count' },
    ExpressionAttributeValues: { ':minusOne': -1 },
  });
}

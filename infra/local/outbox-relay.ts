import { onOutboxWritten, pendingOutboxItems } from '../../functions/adapters/dynamodb/outbox';
import { outboxRelay } from '../../functions/workers/outbox-relay/handler';

export interface LocalOutboxRelay {
  /** Resolves once no outbox item is pending (tests: the effects of a change have reached their queues). */
  drained(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The outbox relay of `npm start`: the same relay the cloud's stream feeds, fed here by reading the
 * pending outbox items, at once when this process wrote some and every `pollMs` otherwise (a failed item
 * is retried then). Reading the items rather than DynamoDB Local's stream keeps no position to lose:
 * whatever is pending after a kill is simply what the next start relays first.
 */
export function startOutboxRelay(options: { log?: (line: string) => void; pollMs?: number } = {}) {
  const log = options.log ?? (() => undefined);
  const pollMs = options.pollMs ?? 1000;
  let stopped = false;
  let again = false;
  let wake: (() => void) | undefined;
  const unsubscribe = onOutboxWritten(() => {
    again = true;
    wake?.();
  });

  const loop = (async () => {
    while (!stopped) {
      again = false;
      try {
        const { failed } = await outboxRelay.relayPending();
        if (failed) log(`outbox relay: ${failed} item(s) could not be handed over; retrying`);
      } catch (error) {
        log(`outbox relay: ${(error as Error).message}`);
      }
      if (stopped || again) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  })();

  const relay: LocalOutboxRelay = {
    async drained(timeoutMs = 30_000) {
      const end = Date.now() + timeoutMs;
      while ((await pendingOutboxItems({ limit: 1 })).length > 0) {
        if (Date.now() > end) throw new Error('The outbox was not drained in time');
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop() {
      stopped = true;
      unsubscribe();
      wake?.();
      await loop;
    },
  };
  return relay;
}

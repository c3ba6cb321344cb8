import { PLAN_MAX_CONCURRENT_PROCESSING, PLANS, type Plan } from '../../../shared/constants';

/**
 * Fair processing between tenants: the one home of who goes next and of each organization's cap, used by
 * the local workflow runner (its queue) and by the cloud workflow's Claim state (a slot per invoice in the
 * table, adapters/dynamodb/processing-slots.ts).
 */

/** Invoices of an organization in processing at once: its plan's setting (Starter's for an unknown plan). */
export function processingCapOf(plan: string | undefined): number {
  const known = PLANS.find((p) => p === plan) ?? 'STARTER';
  return PLAN_MAX_CONCURRENT_PROCESSING[known as Plan];
}

/**
 * How long a claimed processing slot is held without being given back. Decide and MarkFailed give it
 * back on every end of a run; a run that crashed or timed out cannot, so its slot is free again after the
 * longest a run may process (the workflow's per-run budget, 30 min) and a little more.
 */
export const PROCESSING_LEASE_MS = 35 * 60 * 1000;

/** The slots of an organization as stored: holder (invoice id) → lease end (epoch ms). */
export type SlotHolders = Record<string, number>;

/**
 * Whether `holder` may take a processing slot, given the stored holders: yes if it holds one already (a
 * retried Claim, a resumed run) or fewer than `cap` live leases are held. Expired leases are dropped.
 */
export function takeSlot(
  holders: SlotHolders,
  holder: string,
  cap: number,
  now: number,
): { granted: boolean; holders: SlotHolders } {
  const live = Object.fromEntries(Object.entries(holders).filter(([, until]) => until > now));
  if (!(holder in live) && Object.keys(live).length >= cap) return { granted: false, holders: live };
  return { granted: true, holders: { ...live, [holder]: now + PROCESSING_LEASE_MS } };
}

/**
 * Per-organization FIFO queues, served fairly: the next item comes from the organization with work waiting
 * that has the fewest runs going (and fewer than its cap), ties served round-robin. An organization
 * arriving behind another's backlog of hundreds is therefore next, whatever the backlog's size.
 */
export class FairQueue<T> {
  /** Waiting items per organization, in arrival order; the map's order is the round-robin order. */
  readonly #waiting = new Map<string, T[]>();
  readonly #running = new Map<string, number>();

  get size(): number {
    let total = 0;
    for (const items of this.#waiting.values()) total += items.length;
    return total;
  }

  push(orgId: string, item: T): void {
    const items = this.#waiting.get(orgId);
    if (items) items.push(item);
    else this.#waiting.set(orgId, [item]);
  }

  /**
   * Takes the next item to run and counts it as running for its organization (give it back with
   * {@link finished}); undefined when every organization with work waiting is at its cap.
   */
  next(capOf: (orgId: string) => number): { orgId: string; item: T } | undefined {
    let chosen: { orgId: string; items: T[]; running: number } | undefined;
    for (const [orgId, items] of this.#waiting) {
      const running = this.#running.get(orgId) ?? 0;
      if (running >= capOf(orgId) || (chosen && running >= chosen.running)) continue;
      chosen = { orgId, items, running };
    }
    if (!chosen) return undefined;
    const { orgId, items, running } = chosen;
    const item = items.shift() as T;
    // Served: the organization goes to the back of the round (or leaves it when it has nothing left).
    this.#waiting.delete(orgId);
    if (items.length) this.#waiting.set(orgId, items);
    this.#running.set(orgId, running + 1);
    return { orgId, item };
  }

  finished(orgId: string): void {
    const running = (this.#running.get(orgId) ?? 1) - 1;
    if (running > 0) this.#running.set(orgId, running);
    else this.#running.delete(orgId);
  }

  clear(): void {
    this.#waiting.clear();
  }
}

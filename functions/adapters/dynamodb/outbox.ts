import { encodeTime, ulid } from 'ulid';
import type { OutboxEffect } from '../../core/outbox/effects';
import { nowIso } from './client';
import { itemKind, transact } from './entity';
import { keys } from './keys';

/**
 * Outbox items (`OUTBOX` / `<ulid>`): one per side effect of a change, put in the change's own
 * transaction (saveInvoice, createInvoice) or on their own (writeOutbox), and deleted by the relay only
 * once it handed the effect to its carrier. In the cloud the table's stream feeds the relay each new
 * item; locally, and as the cloud's backstop, the relay reads the pending ones (pendingOutboxItems).
 */
export interface OutboxItem {
  id: string;
  orgId: string;
  effect: OutboxEffect;
  createdAt: string;
}

/**
 * One partition holds every organization's pending effects, so the relay reads them oldest first in one
 * query (pendingOutboxItems: a range of ULIDs, not a collection prefix).
 */
const outboxItems = itemKind<OutboxItem>()({
  key: (id: string) => keys.outboxItem(id),
  indexes: { pending: { partition: () => keys.outboxPk } },
  entity: 'OutboxItem',
});

/** At most this many effects per change: a TransactWriteItems holds 100 items with the change's own. */
export const MAX_EFFECTS_PER_CHANGE = 25;

/** The Put of each effect, to add to the change's TransactItems. */
export function outboxPuts(orgId: string, effects: readonly OutboxEffect[]) {
  if (effects.length > MAX_EFFECTS_PER_CHANGE)
    throw new Error(`A change may have at most ${MAX_EFFECTS_PER_CHANGE} side effects`);
  const createdAt = nowIso();
  return effects.map((effect) => {
    const id = ulid();
    return outboxItems.tx.put([id], { id, orgId, effect, createdAt });
  });
}

const listeners = new Set<() => void>();

/**
 * Called after every write of outbox items in this process: the local relay wakes up at once instead of
 * at its next poll. In the cloud nobody listens (the stream does the waking). Answers the unsubscribe.
 */
export function onOutboxWritten(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells the listeners that outbox items were committed (call after the transaction succeeded). */
export function outboxWritten(): void {
  for (const listener of listeners) listener();
}

/**
 * Writes effects that belong to no other write (e.g. `invoice.uploaded` once the file is stored): durable
 * once this returns, though not atomic with whatever came before.
 */
export async function writeOutbox(orgId: string, effects: readonly OutboxEffect[]): Promise<void> {
  if (effects.length === 0) return;
  await transact(outboxPuts(orgId, effects));
  outboxWritten();
}

/** The item as stored now, or undefined once relayed (the stream names items by their keys only). */
export async function findOutboxItem(id: string): Promise<OutboxItem | undefined> {
  const item = await outboxItems.read([id], { consistent: true });
  return item ? outboxItemOf(item) : undefined;
}

/** An outbox item as a query or a read answers it. */
export function outboxItemOf(raw: Record<string, unknown>): OutboxItem {
  return {
    id: String(raw.id),
    orgId: String(raw.orgId),
    effect: raw.effect as OutboxEffect,
    createdAt: String(raw.createdAt),
  };
}

/**
 * The oldest pending items, at most `limit`; with `olderThan`, only those written before it (the cloud's
 * sweep leaves the young ones to the stream).
 */
export async function pendingOutboxItems(
  options: { limit?: number; olderThan?: Date } = {},
): Promise<OutboxItem[]> {
  // Item ids are ULIDs: those written before a moment sort below its encoded time (a range, not a prefix).
  const { items } = await outboxItems.indexes.pending().page({
    ...(options.olderThan ? { range: { below: encodeTime(options.olderThan.getTime(), 10) } } : {}),
    consistent: true,
    limit: options.limit ?? 25,
  });
  return items.map(outboxItemOf);
}

/** Removes an item whose effect was handed to its carrier. */
export async function removeOutboxItem(id: string): Promise<void> {
  await outboxItems.delete([id]);
}

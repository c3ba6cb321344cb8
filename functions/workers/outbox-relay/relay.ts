import type { OutboxItem } from '../../adapters/dynamodb/outbox';
import type { InvoiceEventType, OutboxEffect } from '../../core/outbox/effects';

/**
 * The one relay of the outbox: hands each item's effect to its carrier, then removes the item. Delivery
 * is at least once: a relay that dies between the two hands the effect over again next time, so every
 * carrier's receiver drops duplicates by a key the item fixes (the event's `at` in the webhook-id and the
 * sync's idempotency key; the notification's id; the vendor's current status; the workflow execution's name).
 */
export interface RelayDeps {
  /** Webhook queue, and for an approval one sync message per active integration. */
  deliverInvoiceEvent(orgId: string, invoiceId: string, event: InvoiceEventType, at: string): Promise<void>;
  queueSync(orgId: string, invoiceId: string, integrationId: string, at: string): Promise<void>;
  /** Writes the notification under `id` once (a second delivery leaves it as it is). */
  addNotification(
    orgId: string,
    id: string,
    notification: Extract<OutboxEffect, { kind: 'notification' }>['notification'],
  ): Promise<void>;
  activateSuggestedVendor(orgId: string, vendorId: string): Promise<void>;
  /** Starts the workflow on the invoice's current run (a start already made for that run starts nothing). */
  startProcessing(orgId: string, invoiceId: string, objectKey: string, reason: 'reprocess'): Promise<void>;
  /** Removes the item: its effect was handed over. */
  remove(id: string): Promise<void>;
  /** The pending items, oldest first (`olderThan`: written before then). */
  pending(options: { limit: number; olderThan?: Date }): Promise<OutboxItem[]>;
  logError(message: string, error: unknown, attributes: Record<string, unknown>): void;
}

export function createRelay(deps: RelayDeps) {
  async function handOver({ id, orgId, effect }: OutboxItem): Promise<void> {
    switch (effect.kind) {
      case 'invoice_event':
        return deps.deliverInvoiceEvent(orgId, effect.invoiceId, effect.event, effect.at);
      case 'sync':
        return deps.queueSync(orgId, effect.invoiceId, effect.integrationId, effect.at);
      case 'notification':
        return deps.addNotification(orgId, id, effect.notification);
      case 'vendor_activation':
        return deps.activateSuggestedVendor(orgId, effect.vendorId);
      case 'processing_start':
        return deps.startProcessing(orgId, effect.invoiceId, effect.objectKey, effect.reason);
      default: {
        // An item of a kind this code does not know (written by a newer version): left for that version.
        const unknown: never = effect;
        throw new Error(`Unknown outbox effect ${JSON.stringify(unknown)}`);
      }
    }
  }

  /** Hands one item over and removes it; throws (the item stays) when its carrier refused it. */
  async function relay(item: OutboxItem): Promise<void> {
    await handOver(item);
    await deps.remove(item.id);
  }

  /**
   * Relays pending items in order until none is left (or only failing ones): the local relay's loop and
   * the cloud's backstop sweep. A failing item is logged and left for the next round; the others go on.
   */
  async function relayPending(
    options: { olderThan?: Date; batchSize?: number } = {},
  ): Promise<{ relayed: number; failed: number }> {
    let relayed = 0;
    let failed = 0;
    const failing = new Set<string>();
    for (;;) {
      const items = (
        await deps.pending({ limit: (options.batchSize ?? 25) + failing.size, olderThan: options.olderThan })
      ).filter((item) => !failing.has(item.id));
      if (items.length === 0) return { relayed, failed };
      for (const item of items) {
        try {
          await relay(item);
          relayed++;
        } catch (error) {
          failing.add(item.id);
          failed++;
          deps.logError('Relaying an outbox item failed', error, {
            outboxId: item.id,
            kind: item.effect.kind,
          });
        }
      }
    }
  }

  return { relay, relayPending };
}

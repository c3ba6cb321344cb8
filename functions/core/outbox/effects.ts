import type { Notification, WEBHOOK_EVENTS } from '../../../shared/schemas';

/**
 * The side effects of a change, as data. A use-case hands them to the write that makes the change
 * (`saveInvoice`, `createInvoice`, `writeOutbox`), which stores each as an outbox item in the same
 * DynamoDB transaction; one relay (functions/workers/outbox-relay) then hands every item to its carrier
 * (a queue, the notifications, the vendor) at least once. So a change is never saved without its
 * effects, nor an effect sent for a change that was not saved.
 */
export type InvoiceEventType = (typeof WEBHOOK_EVENTS)[number];

export type OutboxEffect =
  /** Webhooks subscribed to the event; an approval also fans out one sync per active integration. */
  | { kind: 'invoice_event'; invoiceId: string; event: InvoiceEventType; at: string }
  /** One integration's sync of one approval (`at`), e.g. a person's Retry sync. */
  | { kind: 'sync'; invoiceId: string; integrationId: string; at: string }
  /** An in-app notification (with `recipients`, only for those people). */
  | {
      kind: 'notification';
      notification: {
        kind: Notification['kind'];
        invoiceId: string | null;
        message: string;
        recipients?: string[];
      };
    }
  /** A SUGGESTED vendor becomes ACTIVE (a person approved one of its invoices). */
  | { kind: 'vendor_activation'; vendorId: string }
  /**
   * A processing run of the invoice's file (a person asked for it to be read again). The starter names
   * the execution after the invoice's current run, so a second delivery starts nothing new.
   */
  | { kind: 'processing_start'; invoiceId: string; objectKey: string; reason: 'reprocess' };

/**
 * An invoice event happening now. Its `at` is fixed here, in the item: every redelivery carries the same
 * one, so the webhook-id and the sync's idempotency key (both derived from it) stay the same.
 */
export function invoiceEventEffect(
  invoiceId: string,
  event: InvoiceEventType,
  at = new Date().toISOString(),
) {
  return { kind: 'invoice_event', invoiceId, event, at } satisfies OutboxEffect;
}

export function notificationEffect(
  notification: Extract<OutboxEffect, { kind: 'notification' }>['notification'],
): OutboxEffect {
  return { kind: 'notification', notification };
}

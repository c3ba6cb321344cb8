import type { WEBHOOK_EVENTS } from '../../shared/schemas';
import { sendMessage } from '../adapters/sqs/queues';
import { env } from '../env';

export type InvoiceEventType = (typeof WEBHOOK_EVENTS)[number];

/** A message on the webhook-delivery queue: the worker fans it out to the organization's webhooks. */
export interface WebhookMessage {
  orgId: string;
  invoiceId: string;
  event: InvoiceEventType;
  at: string;
}

/** A message on the integration-sync queue: the worker pushes the approved invoice to every active integration. */
export interface SyncMessage {
  orgId: string;
  invoiceId: string;
  at: string;
}

/**
 * Publishes what happened to an invoice: webhooks subscribed to the event are called by the webhook
 * worker, and an approval also queues the sync to every active integration. Queues decouple the
 * request from slow or failing third parties; failures are retried, then dead-lettered.
 */
export async function publishInvoiceEvent(
  orgId: string,
  invoiceId: string,
  event: InvoiceEventType,
): Promise<void> {
  const at = new Date().toISOString();
  const { WEBHOOK_QUEUE_URL, SYNC_QUEUE_URL } = env();
  if (WEBHOOK_QUEUE_URL)
    await sendMessage(WEBHOOK_QUEUE_URL, { orgId, invoiceId, event, at } satisfies WebhookMessage);
  if (event === 'invoice.approved' && SYNC_QUEUE_URL) {
    await sendMessage(SYNC_QUEUE_URL, { orgId, invoiceId, at } satisfies SyncMessage);
  }
}

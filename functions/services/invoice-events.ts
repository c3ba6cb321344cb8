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

/**
 * A message on the same queue for one attempt to deliver an event to one webhook: a retry the worker
 * scheduled, or a person's Resend. `dueAt` lets a wait longer than SQS's 15-minute delay be re-queued in steps.
 */
export interface WebhookAttemptMessage extends WebhookMessage {
  kind: 'attempt';
  webhookId: string;
  attempt: number;
  firstAttemptAt: string;
  dueAt: string;
  resend: boolean;
}

/** Queues one delivery attempt, invisible for `delaySeconds` (at most SQS's 900). */
export async function queueWebhookAttempt(
  message: WebhookAttemptMessage,
  delaySeconds: number,
): Promise<void> {
  const { WEBHOOK_QUEUE_URL } = env();
  if (!WEBHOOK_QUEUE_URL) throw new Error('WEBHOOK_QUEUE_URL is not set');
  await sendMessage(WEBHOOK_QUEUE_URL, message, delaySeconds);
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

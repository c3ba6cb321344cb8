import { createHash } from 'node:crypto';
import { type InvoiceEventType, invoiceEventEffect } from '../../core/outbox/effects';
import type { SyncMessage } from '../../core/sync/sync-invoice';
import type { WebhookAttemptMessage, WebhookMessage } from '../../core/webhooks/webhook';
import { env } from '../../env';
import { listIntegrations } from '../dynamodb/integrations';
import { writeOutbox } from '../dynamodb/outbox';
import { sendMessage } from './queues';

export type { InvoiceEventType, SyncMessage, WebhookAttemptMessage, WebhookMessage };

/** Queues one delivery attempt, invisible for `delaySeconds` (at most SQS's 900). */
export async function queueWebhookAttempt(
  message: WebhookAttemptMessage,
  delaySeconds: number,
): Promise<void> {
  const { WEBHOOK_QUEUE_URL } = env();
  if (!WEBHOOK_QUEUE_URL) throw new Error('WEBHOOK_QUEUE_URL is not set');
  await sendMessage(WEBHOOK_QUEUE_URL, message, delaySeconds);
}

/** 32 hex characters: fits QuickBooks' requestid (at most 50) and is the same on every retry. */
export function syncIdempotencyKey(invoiceId: string, integrationId: string, approvedAt: string): string {
  return createHash('sha256')
    .update(`${invoiceId}|${integrationId}|${approvedAt}`)
    .digest('hex')
    .slice(0, 32);
}

/** Queues the sync of one approval of an invoice to one integration (its idempotency key is stable). */
export async function queueSync(
  queueUrl: string,
  orgId: string,
  invoiceId: string,
  integrationId: string,
  at: string,
  action?: SyncMessage['action'],
): Promise<void> {
  await sendMessage(queueUrl, {
    orgId,
    invoiceId,
    integrationId,
    at,
    idempotencyKey: syncIdempotencyKey(invoiceId, integrationId, at),
    ...(action ? { action } : {}),
  } satisfies SyncMessage);
}

/** Queues one sync message per active integration of the organization. */
export async function fanOutSync(
  queueUrl: string,
  orgId: string,
  invoiceId: string,
  at: string,
  action?: SyncMessage['action'],
): Promise<void> {
  const integrations = (await listIntegrations(orgId)).filter((i) => i.status !== 'INACTIVE');
  for (const integration of integrations)
    await queueSync(queueUrl, orgId, invoiceId, integration.id, at, action);
}

/** The events that take back what an approval booked in the integrations. */
const REVERSING_EVENTS: ReadonlySet<InvoiceEventType> = new Set(['invoice.reopened', 'invoice.voided']);

/**
 * Publishes what happened to an invoice, for a change that has no write of its own to carry it: the
 * event is written to the outbox at once (durable when this returns) and the relay delivers it (see
 * deliverInvoiceEvent). A change that writes the invoice passes `invoiceEventEffect` to saveInvoice
 * instead, so the event is in the change's own transaction.
 */
export async function publishInvoiceEvent(
  orgId: string,
  invoiceId: string,
  event: InvoiceEventType,
): Promise<void> {
  await writeOutbox(orgId, [invoiceEventEffect(invoiceId, event)]);
}

/**
 * Hands one invoice event to its queues (the relay's delivery of an `invoice_event` outbox item): the
 * webhook worker calls the webhooks subscribed to it, an approval also queues the sync, one message
 * per active integration, and a reopen or void queues taking back what the approval booked. Queues decouple the change from slow or failing third parties; failures are
 * retried, then dead-lettered. Sent again after a crash, it carries the same `at`, so the webhook-id and
 * the sync's idempotency key are the same and the receivers drop the duplicate.
 */
export async function deliverInvoiceEvent(
  orgId: string,
  invoiceId: string,
  event: InvoiceEventType,
  at: string,
): Promise<void> {
  const { WEBHOOK_QUEUE_URL, SYNC_QUEUE_URL } = env();
  if (WEBHOOK_QUEUE_URL)
    await sendMessage(WEBHOOK_QUEUE_URL, { orgId, invoiceId, event, at } satisfies WebhookMessage);
  if (!SYNC_QUEUE_URL) return;
  if (event === 'invoice.approved') await fanOutSync(SYNC_QUEUE_URL, orgId, invoiceId, at);
  // A reopened or voided invoice's bill is taken back, so a new approval never books it twice.
  if (REVERSING_EVENTS.has(event)) await fanOutSync(SYNC_QUEUE_URL, orgId, invoiceId, at, 'reverse');
}

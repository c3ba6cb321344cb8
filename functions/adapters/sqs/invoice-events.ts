import { createHash } from 'node:crypto';
import type { WEBHOOK_EVENTS } from '../../../shared/schemas';
import { env } from '../../env';
import { listIntegrations } from '../dynamodb/integrations';
import { sendMessage } from './queues';

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

/**
 * A message on the integration-sync queue: push one approved invoice to ONE integration, so a slow or
 * failing system is retried alone and never makes the others send twice.
 */
export interface SyncMessage {
  orgId: string;
  invoiceId: string;
  integrationId: string;
  /** When the invoice was approved: a later approval is a new sync. */
  at: string;
  /** Stable per (invoice, integration, approval); sent as the target's request id (QuickBooks `requestid`). */
  idempotencyKey: string;
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
): Promise<void> {
  await sendMessage(queueUrl, {
    orgId,
    invoiceId,
    integrationId,
    at,
    idempotencyKey: syncIdempotencyKey(invoiceId, integrationId, at),
  } satisfies SyncMessage);
}

/** Queues one sync message per active integration of the organization. */
export async function fanOutSync(
  queueUrl: string,
  orgId: string,
  invoiceId: string,
  at: string,
): Promise<void> {
  const integrations = (await listIntegrations(orgId)).filter((i) => i.status !== 'INACTIVE');
  for (const integration of integrations) await queueSync(queueUrl, orgId, invoiceId, integration.id, at);
}

/**
 * Publishes what happened to an invoice: webhooks subscribed to the event are called by the webhook
 * worker, and an approval also queues the sync, one message per active integration. Queues decouple the
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
  if (event === 'invoice.approved' && SYNC_QUEUE_URL) await fanOutSync(SYNC_QUEUE_URL, orgId, invoiceId, at);
}

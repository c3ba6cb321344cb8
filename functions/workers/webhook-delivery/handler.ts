import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { EventInvoice, WebhookDelivery } from '../../../shared/schemas';
import { deliveryMarks } from '../../adapters/dynamodb/delivery-marks';
import { findInvoice } from '../../adapters/dynamodb/invoices';
import { keys } from '../../adapters/dynamodb/keys';
import { addNotification } from '../../adapters/dynamodb/notifications';
import {
  addDelivery,
  disableWebhook,
  getWebhook,
  listWebhooks,
  recordDelivery,
  type WebhookItem,
} from '../../adapters/dynamodb/webhooks';
import { coreHandler } from '../../adapters/handler';
import { type PostResult, postJson } from '../../adapters/http';
import { openSecret } from '../../adapters/secrets';
import {
  queueWebhookAttempt,
  type WebhookAttemptMessage,
  type WebhookMessage,
} from '../../adapters/sqs/invoice-events';
import { AppError } from '../../core/errors/app-error';
import { eventInvoiceOf } from '../../core/invoices/event-invoice';
import { invoiceEventBody } from '../../core/webhooks/event-body';
import {
  MAX_QUEUE_DELAY_SECONDS,
  nextRetryDelaySeconds,
  type RetryPolicy,
} from '../../core/webhooks/retry-policy';
import { type SigningSecret, signedHeaders, webhookMessageId } from '../../core/webhooks/signing';
import { env } from '../../env';
import { processBatch } from '../lib/batch';

export const WEBHOOK_TIMEOUT_MS = 5_000;
/** How much of an answer's body the delivery log keeps. */
export const RESPONSE_EXCERPT_BYTES = 1024;

export interface WebhookDeliveryConfig {
  retry: RetryPolicy;
  /** Seconds of failing deliveries after which the endpoint is disabled. */
  disableAfterSeconds: number;
}

/** What the worker needs from the outside world; the Lambda uses the real ones, unit tests fakes. */
export interface WebhookDeps {
  config(): WebhookDeliveryConfig;
  now(): Date;
  /** The invoice as events carry it (line items, a fresh file link), undefined once deleted. */
  findInvoice(orgId: string, invoiceId: string): Promise<EventInvoice | undefined>;
  listWebhooks(orgId: string): Promise<WebhookItem[]>;
  getWebhook(orgId: string, id: string): Promise<WebhookItem | undefined>;
  /** Records the outcome on the webhook; answers it as it is now, undefined if deleted or switched off. */
  recordDelivery(
    orgId: string,
    id: string,
    result: { status: number | null; ok: boolean },
  ): Promise<WebhookItem | undefined>;
  addDelivery(orgId: string, delivery: Omit<WebhookDelivery, 'id' | 'createdAt'>): Promise<unknown>;
  disableWebhook(orgId: string, id: string, reason: string): Promise<void>;
  notify(orgId: string, message: string): Promise<unknown>;
  /** Whether this event was already handed to this webhook (a re-received message skips it). */
  wasDelivered(orgId: string, invoiceId: string, deliveryKey: string): Promise<boolean>;
  markDelivered(orgId: string, invoiceId: string, deliveryKey: string): Promise<void>;
  /** The clear signing secret of a stored (sealed) one. */
  openSecret(orgId: string, stored: string): Promise<string>;
  /** Through the guarded outbound client: internal addresses are refused at connect time. */
  post(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<PostResult>;
  enqueue(message: WebhookAttemptMessage, delaySeconds: number): Promise<void>;
}

const isAttempt = (message: WebhookMessage | WebhookAttemptMessage): message is WebhookAttemptMessage =>
  'kind' in message && message.kind === 'attempt';

/** The first 1 KB (in UTF-8 bytes) of an answer, for the delivery log. */
function excerpt(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  return bytes.length <= RESPONSE_EXCERPT_BYTES
    ? text
    : bytes.subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8');
}

/**
 * Delivers invoice events to webhooks, to the Standard Webhooks specification: a POST of the event body
 * (invoiceEventBody: id, type, timestamp, the invoice with line items and file link) signed with every valid secret (`webhook-id` stays the same across retries), 5 s
 * timeout, each attempt written to the endpoint's delivery log. A failed attempt is retried with
 * exponential backoff and jitter for 3 days by queueing the next attempt with an SQS delay — nothing
 * sleeps. A 410 answer disables the endpoint at once; five days of failures disable it too, and the
 * organization is notified either way.
 *
 * Two kinds of message arrive: an invoice event (fanned out here to every subscribed endpoint) and one
 * attempt for one endpoint (a scheduled retry or a Resend).
 */
export function createWebhookHandler(deps: WebhookDeps) {
  /** The endpoint's signing secrets, newest first: the previous one too while its rotation overlap lasts. */
  async function validSecrets(orgId: string, webhook: WebhookItem, now: Date): Promise<SigningSecret[]> {
    const stored = [{ sealed: webhook.secret, format: webhook.secretFormat }];
    if (webhook.previousSecretExpiresAt && new Date(webhook.previousSecretExpiresAt) > now)
      stored.push({ sealed: webhook.previousSecret ?? null, format: webhook.previousSecretFormat });
    return Promise.all(
      stored
        .filter((s): s is { sealed: string; format: WebhookItem['secretFormat'] } => Boolean(s.sealed))
        .map(async (s) => ({
          secret: await deps.openSecret(orgId, s.sealed),
          legacy: s.format !== 'standard',
        })),
    );
  }

  async function attempt(
    webhook: WebhookItem,
    message: WebhookMessage,
    number: number,
    firstAttemptAt: Date,
    resend: boolean,
  ): Promise<void> {
    const invoice = await deps.findInvoice(message.orgId, message.invoiceId);
    if (!invoice) return; // Deleted since: nothing left to tell.
    const messageId = webhookMessageId(webhook.id, message.invoiceId, message.event, message.at);
    const body = JSON.stringify(
      invoiceEventBody({ id: messageId, type: message.event, at: message.at }, invoice),
    );
    const now = deps.now();
    const headers = {
      'x-webhook-event': message.event,
      ...signedHeaders(messageId, now, body, await validSecrets(message.orgId, webhook, now)),
    };
    const started = Date.now();
    const result = await deps.post(webhook.url, body, headers, WEBHOOK_TIMEOUT_MS);
    const latencyMs = Date.now() - started;
    const current = await deps.recordDelivery(message.orgId, webhook.id, {
      status: result.status,
      ok: result.ok,
    });

    const { retry, disableAfterSeconds } = deps.config();
    let disableReason: string | null = null;
    let delay: number | null = null;
    if (!result.ok && current) {
      const failingFor = current.failingSince ? (now.getTime() - Date.parse(current.failingSince)) / 1000 : 0;
      if (result.status === 410) disableReason = 'The endpoint answered 410 Gone';
      else if (failingFor >= disableAfterSeconds)
        disableReason = `Every delivery failed for ${Math.round(disableAfterSeconds / 86_400)} days`;
      else if (!resend) delay = nextRetryDelaySeconds(retry, number, firstAttemptAt, now);
    }
    const nextRetryAt = delay === null ? null : new Date(now.getTime() + delay * 1000);

    await deps.addDelivery(message.orgId, {
      webhookId: webhook.id,
      messageId,
      event: message.event,
      eventAt: message.at,
      invoiceId: message.invoiceId,
      attempt: number,
      resend,
      ok: result.ok,
      statusCode: result.status,
      latencyMs,
      response: excerpt(result.response || result.error || ''),
      nextRetryAt: nextRetryAt?.toISOString() ?? null,
    });
    if (disableReason) {
      await deps.disableWebhook(message.orgId, webhook.id, disableReason);
      await deps.notify(message.orgId, `Webhook ${webhook.url} was disabled: ${disableReason}`);
    }
    if (delay !== null && nextRetryAt) {
      const { orgId, invoiceId, event, at } = message;
      await deps.enqueue(
        {
          kind: 'attempt',
          orgId,
          invoiceId,
          event,
          at,
          webhookId: webhook.id,
          attempt: number + 1,
          firstAttemptAt: firstAttemptAt.toISOString(),
          dueAt: nextRetryAt.toISOString(),
          resend: false,
        },
        Math.min(delay, MAX_QUEUE_DELAY_SECONDS),
      );
    }
  }

  async function fanOut(message: WebhookMessage): Promise<void> {
    const webhooks = (await deps.listWebhooks(message.orgId)).filter(
      (w) => w.status !== 'INACTIVE' && w.events.includes(message.event),
    );
    for (const webhook of webhooks) {
      const key = keys.deliveryMark(webhook.id, message.event, message.at);
      if (await deps.wasDelivered(message.orgId, message.invoiceId, key)) continue;
      await attempt(webhook, message, 1, deps.now(), false);
      await deps.markDelivered(message.orgId, message.invoiceId, key);
    }
  }

  async function scheduled(message: WebhookAttemptMessage): Promise<void> {
    const waitSeconds = Math.ceil((Date.parse(message.dueAt) - deps.now().getTime()) / 1000);
    if (waitSeconds > 0) {
      // Longer than one SQS delay: wait another step.
      await deps.enqueue(message, Math.min(waitSeconds, MAX_QUEUE_DELAY_SECONDS));
      return;
    }
    const webhook = await deps.getWebhook(message.orgId, message.webhookId);
    if (!webhook || webhook.status === 'INACTIVE') return;
    await attempt(webhook, message, message.attempt, new Date(message.firstAttemptAt), message.resend);
  }

  return (event: SQSEvent): Promise<SQSBatchResponse> =>
    processBatch<WebhookMessage | WebhookAttemptMessage>(event, (message) =>
      isAttempt(message) ? scheduled(message) : fanOut(message),
    );
}

const webhookDelivery = createWebhookHandler({
  config: () => {
    const e = env();
    return {
      retry: { baseSeconds: e.WEBHOOK_RETRY_BASE_SECONDS, windowSeconds: e.WEBHOOK_RETRY_WINDOW_SECONDS },
      disableAfterSeconds: e.WEBHOOK_DISABLE_AFTER_SECONDS,
    };
  },
  now: () => new Date(),
  findInvoice: async (orgId, invoiceId) => {
    const item = await findInvoice(orgId, invoiceId);
    return item ? eventInvoiceOf(item) : undefined;
  },
  listWebhooks,
  getWebhook: (orgId, id) =>
    getWebhook(orgId, id).catch((error) => {
      if (error instanceof AppError && error.kind === 'not_found') return undefined; // Deleted since.
      throw error;
    }),
  recordDelivery,
  addDelivery,
  disableWebhook,
  notify: (orgId, message) => addNotification(orgId, { kind: 'webhook_disabled', invoiceId: null, message }),
  ...deliveryMarks,
  openSecret,
  post: postJson,
  enqueue: queueWebhookAttempt,
});

export const handler = coreHandler(webhookDelivery, 'webhook-delivery');

import { createHmac } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { Invoice } from '../../../shared/schemas';
import { db, tableName } from '../../adapters/dynamodb/client';
import { findInvoice, toInvoice } from '../../adapters/dynamodb/invoices';
import { keys } from '../../adapters/dynamodb/keys';
import { listWebhooks, recordDelivery, type WebhookItem } from '../../adapters/dynamodb/webhooks';
import { type PostResult, postJson } from '../../adapters/http';
import { openSecret } from '../../adapters/secrets';
import type { WebhookMessage } from '../../services/invoice-events';
import { processBatch } from '../lib/batch';

export const WEBHOOK_TIMEOUT_MS = 5_000;

/** `sha256=<hex HMAC-SHA256 of the exact body bytes with the webhook's secret>`. */
export function signature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** What the worker needs from the outside world; the Lambda uses the real ones, unit tests fakes. */
export interface WebhookDeps {
  findInvoice(orgId: string, invoiceId: string): Promise<Invoice | undefined>;
  listWebhooks(orgId: string): Promise<WebhookItem[]>;
  recordDelivery(orgId: string, id: string, result: { status: number | null; ok: boolean }): Promise<void>;
  /** Whether this message was already delivered to this webhook (a retried message skips it). */
  wasDelivered(orgId: string, invoiceId: string, deliveryKey: string): Promise<boolean>;
  markDelivered(orgId: string, invoiceId: string, deliveryKey: string): Promise<void>;
  /** The clear signing secret of a stored (sealed) one. */
  openSecret(orgId: string, stored: string): Promise<string>;
  /** Through the guarded outbound client: internal addresses are refused at connect time. */
  post(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<PostResult>;
}

const deliveryKey = (webhookId: string, message: WebhookMessage) =>
  `DELIVERY#${webhookId}#${message.event}#${message.at}`;

/** Idempotency marks live in the invoice's children partition (deleted with it) and expire in a week. */
export const dynamoDeliveryLog = {
  async wasDelivered(orgId: string, invoiceId: string, key: string) {
    const { Item } = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: { PK: keys.invoiceChildren(orgId, invoiceId), SK: key },
      }),
    );
    return Boolean(Item);
  },
  async markDelivered(orgId: string, invoiceId: string, key: string) {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          PK: keys.invoiceChildren(orgId, invoiceId),
          SK: key,
          entity: 'WebhookDelivery',
          expiresAt: Math.floor(Date.now() / 1000) + 7 * 86_400,
        },
      }),
    );
  },
};

/**
 * Delivers one invoice event to every webhook of the organization subscribed to it (and not
 * switched off): a POST of `{event, invoice}` with an `X-Signature` HMAC header, 5 s timeout, each
 * outcome recorded on the webhook. Any failed delivery fails the message so SQS retries it; the
 * webhooks that already got it are skipped on the retry.
 */
export function createWebhookHandler(deps: WebhookDeps) {
  async function deliver(message: WebhookMessage): Promise<void> {
    const webhooks = (await deps.listWebhooks(message.orgId)).filter(
      (w) => w.status !== 'INACTIVE' && w.events.includes(message.event),
    );
    if (webhooks.length === 0) return;
    const invoice = await deps.findInvoice(message.orgId, message.invoiceId);
    if (!invoice) return; // Deleted since: nothing left to tell.
    const body = JSON.stringify({ event: message.event, invoice });
    const failures: string[] = [];
    for (const webhook of webhooks) {
      const key = deliveryKey(webhook.id, message);
      if (await deps.wasDelivered(message.orgId, message.invoiceId, key)) continue;
      const headers: Record<string, string> = { 'x-webhook-event': message.event };
      if (webhook.secret)
        headers['x-signature'] = signature(await deps.openSecret(message.orgId, webhook.secret), body);
      const result = await deps.post(webhook.url, body, headers, WEBHOOK_TIMEOUT_MS);
      await deps.recordDelivery(message.orgId, webhook.id, { status: result.status, ok: result.ok });
      if (result.ok) await deps.markDelivered(message.orgId, message.invoiceId, key);
      else failures.push(`${webhook.url}: ${result.error}`);
    }
    if (failures.length) throw new Error(`Webhook delivery failed: ${failures.join('; ')}`);
  }
  return (event: SQSEvent): Promise<SQSBatchResponse> => processBatch<WebhookMessage>(event, deliver);
}

export const handler = createWebhookHandler({
  findInvoice: async (orgId, invoiceId) => {
    const item = await findInvoice(orgId, invoiceId);
    return item ? toInvoice(item) : undefined;
  },
  listWebhooks,
  recordDelivery,
  ...dynamoDeliveryLog,
  openSecret,
  post: postJson,
});

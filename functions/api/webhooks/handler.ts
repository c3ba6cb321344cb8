import type { Webhook } from '../../../shared/schemas';
import type { WebhookItem } from '../../adapters/dynamodb/webhooks';
import {
  createWebhook,
  deleteWebhook,
  getDelivery,
  getWebhook,
  listDeliveries,
  listWebhooks,
  replaceWebhookSecret,
  rotateWebhookSecret,
} from '../../adapters/dynamodb/webhooks';
import { refuseUncallableUrl } from '../../adapters/http';
import { isSealed, sealSecret } from '../../adapters/secrets';
import { queueWebhookAttempt } from '../../adapters/sqs/invoice-events';
import { conflict } from '../../core/errors/app-error';
import { generateWebhookSecret } from '../../core/webhooks/signing';
import { env } from '../../env';
import { MASK } from '../integrations/mask';
import { type IdRequest, resourceHandler } from '../lib/http';
import { webhooksContract } from './contract';

/**
 * A webhook as the API answers it: the secret is write-only, shown masked — except in the answers that
 * create it (POST, rotate-secret), which carry the clear `whsec_…` once.
 */
const toWebhook = (item: WebhookItem, clearSecret?: string): Webhook => ({
  id: item.id,
  url: item.url,
  events: item.events,
  hasSecret: Boolean(item.secret),
  secret: clearSecret ?? (item.secret ? MASK : null),
  status: item.status,
  lastDeliveryAt: item.lastDeliveryAt ?? null,
  lastDeliveryStatus: item.lastDeliveryStatus ?? null,
  disabledReason: item.disabledReason ?? null,
  createdAt: item.createdAt,
});

/**
 * Read-and-rewrite migration: a webhook stored before secrets were sealed gets its secret sealed the
 * first time this API reads it. Until then the delivery worker still signs with the clear value.
 */
async function sealedItem(orgId: string, item: WebhookItem): Promise<WebhookItem> {
  if (!item.secret || isSealed(item.secret)) return item;
  const secret = await sealSecret(orgId, item.secret);
  await replaceWebhookSecret(orgId, item.id, item.secret, secret);
  return { ...item, secret };
}

const webhookOf = (request: IdRequest) => getWebhook(request.principal().orgId, request.params.id);

export const handler = resourceHandler(webhooksContract, {
  'GET /api/webhooks': async (request) => {
    const { orgId } = request.principal();
    const stored = await listWebhooks(orgId);
    const items = (await Promise.all(stored.map((item) => sealedItem(orgId, item)))).map((item) =>
      toWebhook(item),
    );
    return { items, nextCursor: null, total: items.length };
  },

  'POST /api/webhooks': async (request) => {
    const { orgId } = request.principal();
    const input = request.body;
    await refuseUncallableUrl(input.url, 'url');
    const clear = input.secret ?? generateWebhookSecret();
    const created = await createWebhook(orgId, { ...input, secret: await sealSecret(orgId, clear) });
    return toWebhook(created, clear);
  },

  'GET /api/webhooks/{id}': async (request) => {
    const { orgId } = request.principal();
    return toWebhook(await sealedItem(orgId, await webhookOf(request)));
  },

  'DELETE /api/webhooks/{id}': async (request) => {
    await deleteWebhook(request.principal().orgId, request.params.id);
    return { status: 204 };
  },

  /** A new secret, answered once; the old one keeps signing beside it during the overlap. */
  'POST /api/webhooks/{id}/rotate-secret': async (request) => {
    const { orgId } = request.principal();
    const id = request.params.id;
    const clear = generateWebhookSecret();
    const overlapUntil = new Date(Date.now() + env().WEBHOOK_SECRET_OVERLAP_SECONDS * 1000).toISOString();
    const rotated = await rotateWebhookSecret(orgId, id, await sealSecret(orgId, clear), overlapUntil);
    return toWebhook(rotated, clear);
  },

  'GET /api/webhooks/{id}/deliveries': async (request) => {
    const webhook = await webhookOf(request);
    return listDeliveries(request.principal().orgId, webhook.id, request.query);
  },

  /** Queues one more attempt of a logged delivery, with the same `webhook-id`; the log shows its outcome. */
  'POST /api/webhooks/{id}/deliveries/{deliveryId}/resend': async (request) => {
    const { orgId } = request.principal();
    const webhook = await webhookOf(request);
    if (webhook.status === 'INACTIVE') throw conflict('webhook_disabled', 'This webhook is disabled');
    const delivery = await getDelivery(orgId, webhook.id, request.params.deliveryId);
    const now = new Date().toISOString();
    await queueWebhookAttempt(
      {
        kind: 'attempt',
        orgId,
        invoiceId: delivery.invoiceId,
        event: delivery.event,
        at: delivery.eventAt,
        webhookId: webhook.id,
        attempt: delivery.attempt + 1,
        firstAttemptAt: now,
        dueAt: now,
        resend: true,
      },
      0,
    );
    return { status: 202, body: { queued: true } };
  },
});

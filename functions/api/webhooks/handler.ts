import { idSchema, type Webhook, webhookInputSchema } from '../../../shared/schemas';
import type { WebhookItem } from '../../adapters/dynamodb/webhooks';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhooks,
  replaceWebhookSecret,
} from '../../adapters/dynamodb/webhooks';
import { refuseUncallableUrl } from '../../adapters/http';
import { isSealed, sealSecret } from '../../adapters/secrets';
import { MASK } from '../integrations/mask';
import { parseBody, parseParam, resourceHandler } from '../lib/http';

/** A webhook as the API answers it: the secret is write-only, shown only as set (masked). */
const toWebhook = (item: WebhookItem): Webhook => ({
  id: item.id,
  url: item.url,
  events: item.events,
  hasSecret: Boolean(item.secret),
  secret: item.secret ? MASK : null,
  status: item.status,
  lastDeliveryAt: item.lastDeliveryAt ?? null,
  lastDeliveryStatus: item.lastDeliveryStatus ?? null,
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

export const handler = resourceHandler({
  'GET /api/webhooks': async (request) => {
    const { orgId } = request.principal();
    const stored = await listWebhooks(orgId);
    const items = (await Promise.all(stored.map((item) => sealedItem(orgId, item)))).map(toWebhook);
    return { items, nextCursor: null, total: items.length };
  },

  'POST /api/webhooks': async (request) => {
    const { orgId } = request.principal();
    const input = parseBody(request, webhookInputSchema);
    await refuseUncallableUrl(input.url, 'url');
    const secret = input.secret === null ? null : await sealSecret(orgId, input.secret);
    return { status: 201, body: toWebhook(await createWebhook(orgId, { ...input, secret })) };
  },

  'GET /api/webhooks/{id}': async (request) => {
    const { orgId } = request.principal();
    return toWebhook(await sealedItem(orgId, await getWebhook(orgId, parseParam(request, 'id', idSchema))));
  },

  'DELETE /api/webhooks/{id}': async (request) => {
    await deleteWebhook(request.principal().orgId, parseParam(request, 'id', idSchema));
    return { status: 204 };
  },
});

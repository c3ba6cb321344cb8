import { idSchema, type Webhook, webhookInputSchema } from '../../../shared/schemas';
import type { WebhookItem } from '../../adapters/dynamodb/webhooks';
import { createWebhook, deleteWebhook, getWebhook, listWebhooks } from '../../adapters/dynamodb/webhooks';
import { maskSecret } from '../integrations/mask';
import { parseBody, parseParam, resourceHandler } from '../lib/http';

/** A webhook as the API answers it: the secret is write-only, shown masked. */
const toWebhook = (item: WebhookItem): Webhook => ({
  id: item.id,
  url: item.url,
  events: item.events,
  hasSecret: Boolean(item.secret),
  secret: item.secret ? maskSecret(item.secret) : null,
  status: item.status,
  lastDeliveryAt: item.lastDeliveryAt ?? null,
  lastDeliveryStatus: item.lastDeliveryStatus ?? null,
  createdAt: item.createdAt,
});

export const handler = resourceHandler({
  'GET /api/webhooks': async (request) => {
    const items = (await listWebhooks(request.principal().orgId)).map(toWebhook);
    return { items, nextCursor: null, total: items.length };
  },

  'POST /api/webhooks': async (request) => {
    const { orgId } = request.principal();
    return {
      status: 201,
      body: toWebhook(await createWebhook(orgId, parseBody(request, webhookInputSchema))),
    };
  },

  'GET /api/webhooks/{id}': async (request) =>
    toWebhook(await getWebhook(request.principal().orgId, parseParam(request, 'id', idSchema))),

  'DELETE /api/webhooks/{id}': async (request) => {
    await deleteWebhook(request.principal().orgId, parseParam(request, 'id', idSchema));
    return { status: 204 };
  },
});

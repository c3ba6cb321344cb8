import {
  addWebhookEndpoint,
  deliveryLog,
  listWebhookEndpoints,
  removeWebhookEndpoint,
  resendDelivery,
  rotateSecret,
  webhookEndpoint,
} from '../../core/webhooks/endpoints';
import { resourceHandler } from '../lib/http';
import { webhooksContract } from './contract';

export const handler = resourceHandler(webhooksContract, {
  'GET /api/webhooks': async (request) => {
    const items = await listWebhookEndpoints(request.principal().orgId);
    return { items, nextCursor: null, total: items.length };
  },

  'POST /api/webhooks': async (request) => addWebhookEndpoint(request.principal().orgId, request.body),

  'GET /api/webhooks/{id}': async (request) => webhookEndpoint(request.principal().orgId, request.params.id),

  'DELETE /api/webhooks/{id}': async (request) => {
    await removeWebhookEndpoint(request.principal().orgId, request.params.id);
    return { status: 204 };
  },

  'POST /api/webhooks/{id}/rotate-secret': async (request) =>
    rotateSecret(request.principal().orgId, request.params.id),

  'GET /api/webhooks/{id}/deliveries': async (request) =>
    deliveryLog(request.principal().orgId, request.params.id, request.query),

  'POST /api/webhooks/{id}/deliveries/{deliveryId}/resend': async (request) => {
    await resendDelivery(request.principal().orgId, request.params.id, request.params.deliveryId);
    return { status: 202, body: { queued: true } };
  },
});

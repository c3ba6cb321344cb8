import * as z from 'zod';
import {
  idSchema,
  pageOf,
  webhookDeliveryPageSchema,
  webhookDeliveryQuerySchema,
  webhookInputSchema,
} from '../../../shared/schemas';
import * as named from '../lib/components';
import { defineContract } from '../lib/contract';
import { read, WEBHOOKS } from '../lib/rights';

/** The routes of webhooks: what each reads and answers (functions/api/lib/contract.ts). */
export const webhooksContract = defineContract({
  'GET /api/webhooks': {
    rule: read(),
    tag: 'Webhooks',
    summary: 'List webhooks',
    success: 200,
    response: pageOf(named.Webhook),
  },
  'POST /api/webhooks': {
    rule: WEBHOOKS,
    tag: 'Webhooks',
    summary: 'Create a webhook',
    body: webhookInputSchema,
    success: 201,
    response: named.Webhook,
    errors: [400],
  },
  'GET /api/webhooks/{id}': {
    rule: read(),
    tag: 'Webhooks',
    summary: 'Get a webhook',
    params: { id: idSchema },
    success: 200,
    response: named.Webhook,
  },
  'DELETE /api/webhooks/{id}': {
    rule: WEBHOOKS,
    tag: 'Webhooks',
    summary: 'Delete a webhook',
    params: { id: idSchema },
    success: 204,
  },
  'POST /api/webhooks/{id}/rotate-secret': {
    rule: WEBHOOKS,
    tag: 'Webhooks',
    summary: 'Rotate the signing secret (answered once; the old one signs beside it for 24 h)',
    params: { id: idSchema },
    success: 200,
    response: named.Webhook,
  },
  'GET /api/webhooks/{id}/deliveries': {
    // The log holds answers of the organization's receivers: managing webhooks includes reading it.
    rule: WEBHOOKS,
    tag: 'Webhooks',
    summary: 'The delivery log, newest first',
    params: { id: idSchema },
    query: webhookDeliveryQuerySchema,
    success: 200,
    response: webhookDeliveryPageSchema,
    errors: [400],
  },
  'POST /api/webhooks/{id}/deliveries/{deliveryId}/resend': {
    rule: WEBHOOKS,
    tag: 'Webhooks',
    summary: 'Resend a delivery (same webhook-id)',
    params: { id: idSchema, deliveryId: idSchema },
    success: 202,
    response: z.object({ queued: z.boolean() }),
    errors: [409],
  },
});

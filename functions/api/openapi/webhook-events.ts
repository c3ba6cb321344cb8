import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import * as z from 'zod';
import { eventInvoiceSchema, invoiceEventBodySchema, WEBHOOK_EVENTS } from '../../../shared/schemas';

/**
 * What each event means; its payload is always the event body (invoiceEventBody: id, type, event, timestamp
 * and the invoice as the API answers it, with its line items and a signed file link).
 */
const EVENT_TEXT: Record<(typeof WEBHOOK_EVENTS)[number], string> = {
  'invoice.uploaded': 'A file was uploaded (by the app, the API or e-mail) and processing starts.',
  'invoice.processed': 'Extraction finished and the invoice is ready to review or approve.',
  'invoice.review_required': 'Extraction finished but a person has to check some fields.',
  'invoice.approved': 'Someone approved the invoice.',
  'invoice.rejected': 'Someone rejected the invoice (its rejection reason is on the invoice).',
  'invoice.synced': 'The approved invoice was pushed to the organization’s integrations.',
  'invoice.reopened':
    'Someone reopened the approved invoice: it is in review again and needs approval again (the reason is among its reviewReasons).',
  'invoice.voided':
    'Someone voided the approved invoice: it is rejected, with a rejection reason starting "Voided: ".',
};

/** The headers every delivery carries (Standard Webhooks; see docs/webhooks.md). */
const deliveryHeaders = z.object({
  'webhook-id': z
    .string()
    .meta({ description: 'The same on every retry and resend of one delivery; drop duplicates by it.' }),
  'webhook-timestamp': z
    .string()
    .meta({ description: 'Unix seconds of this attempt; refuse ones far from now.' }),
  'webhook-signature': z.string().meta({
    description:
      'Space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one per valid secret (two during a rotation overlap).',
  }),
  'x-webhook-event': z.string().meta({ description: 'The event name, also in the body.' }),
});

const sampleInvoice = {
  id: '01JCZ7Q5W3M8X2V4N6B9D1F3H5',
  organizationId: '01JCZ7PZ0A1B2C3D4E5F6G7H8J',
  invoiceNumber: 'INV-1042',
  vendorName: 'Acme Plumbing LLC',
  totalAmount: 1284.5,
  currency: 'USD',
  invoiceDate: '2026-11-02',
  dueDate: '2026-12-02',
  status: 'PROCESSED',
  createdAt: '2026-11-02T14:03:11.000Z',
  updatedAt: '2026-11-02T14:03:40.000Z',
  lineItems: [
    {
      id: '01JCZ7Q9T2K4M6P8R0S2U4W6Y8',
      description: 'Replace water heater valve',
      quantity: 1,
      unitPrice: 1284.5,
      totalPrice: 1284.5,
    },
  ],
  file: {
    filename: 'INV-1042.pdf',
    contentType: 'application/pdf',
    url: 'https://invoices.s3.amazonaws.com/uploads/…/INV-1042.pdf?X-Amz-Expires=3600&X-Amz-Signature=…',
    expiresAt: '2026-11-02T15:03:40.000Z',
  },
};

/**
 * The event catalogue as the OpenAPI document's `webhooks` section: one entry per event with its payload
 * schema, its headers and a sample (the invoice abridged to its main fields).
 */
export function registerWebhookEvents(registry: OpenAPIRegistry, invoice: z.ZodTypeAny): void {
  // The API's Invoice (by reference) with what only events carry.
  const eventInvoice = invoice.and(eventInvoiceSchema.pick({ lineItems: true, file: true }));
  for (const event of WEBHOOK_EVENTS) {
    registry.registerWebhook({
      method: 'post',
      path: event,
      summary: event,
      description: `${EVENT_TEXT[event]} Retried with exponential backoff for 3 days until the receiver answers 2xx; a 410 answer disables the endpoint.`,
      request: {
        headers: deliveryHeaders,
        body: {
          required: true,
          content: {
            'application/json': {
              schema: invoiceEventBodySchema.extend({
                type: z.literal(event),
                event: z.literal(event),
                invoice: eventInvoice,
              }),
              example: {
                id: 'msg_2xYq8c1FhT0aZk3nR7uVbW5dE9g',
                type: event,
                event,
                timestamp: '2026-11-02T14:03:40.000Z',
                invoice: { ...sampleInvoice, status: sampleStatus(event) },
              },
            },
          },
        },
      },
      responses: {
        200: { description: 'Any 2xx acknowledges the delivery.' },
        410: { description: 'Gone: the endpoint is disabled at once and receives nothing more.' },
      },
    });
  }
}

function sampleStatus(event: (typeof WEBHOOK_EVENTS)[number]): string {
  const byEvent: Record<string, string> = {
    'invoice.uploaded': 'PROCESSING',
    'invoice.review_required': 'REVIEW_REQUIRED',
    'invoice.approved': 'APPROVED',
    'invoice.rejected': 'REJECTED',
    'invoice.synced': 'APPROVED',
    'invoice.reopened': 'REVIEW_REQUIRED',
    'invoice.voided': 'REJECTED',
  };
  return byEvent[event] ?? 'PROCESSED';
}

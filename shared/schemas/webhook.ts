import * as z from 'zod';
import { isoDateTime } from './common';
import { httpUrl } from './form-fields';

export const WEBHOOK_EVENTS = [
  'invoice.uploaded',
  'invoice.processed',
  'invoice.review_required',
  'invoice.approved',
  'invoice.rejected',
  'invoice.synced',
  'invoice.reopened',
  'invoice.voided',
] as const;
export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  /** Only whether a secret is set; the secret itself is write-only. */
  hasSecret: z.boolean(),
  secret: z.string().nullable(),
  status: z.enum(['ACTIVE', 'INACTIVE', 'FAILING']),
  lastDeliveryAt: isoDateTime.nullable(),
  lastDeliveryStatus: z.number().int().nullable(),
  /** Why the endpoint was switched off (INACTIVE), null while it is on. */
  disabledReason: z.string().nullable().optional(),
  createdAt: isoDateTime,
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhookInputSchema = z.object({
  url: z.string().trim().min(1, 'URL is required').pipe(httpUrl),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `Events must be among ${WEBHOOK_EVENTS.join(', ')}` }))
    .min(1, 'Choose at least one event')
    .max(WEBHOOK_EVENTS.length * 4)
    .default(['invoice.processed'])
    .transform((events) => [...new Set(events)]),
  /** A given secret must be a Standard Webhooks one; none given, the API generates it. */
  secret: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || isStandardWebhookSecret(v), {
      error: 'Secret must be whsec_ followed by the base64 of 24 to 64 random bytes',
    }),
});

/**
 * A Standard Webhooks secret: `whsec_` + base64 of 24–64 bytes (32–88 characters, a multiple of 4).
 * Written without Buffer so the web form can use it too.
 */
export function isStandardWebhookSecret(secret: string): boolean {
  const match = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(secret);
  if (!match || match[1].length % 4 !== 0) return false;
  const padding = match[1].endsWith('==') ? 2 : match[1].endsWith('=') ? 1 : 0;
  const bytes = (match[1].length / 4) * 3 - padding;
  return bytes >= 24 && bytes <= 64;
}

/** One attempt to deliver an event to a webhook, as its delivery log shows it. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  webhookId: z.string(),
  /** The `webhook-id` header: the same on every attempt and resend of one event's delivery. */
  messageId: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  /** When the event happened (with the event and invoice, it names the delivery). */
  eventAt: isoDateTime,
  invoiceId: z.string(),
  attempt: z.number().int().min(1),
  /** Whether a person asked for this attempt (Resend) rather than the retry schedule. */
  resend: z.boolean(),
  ok: z.boolean(),
  /** HTTP status of the answer, null when nothing answered. */
  statusCode: z.number().int().nullable(),
  latencyMs: z.number().int().min(0),
  /** The first 1 KB of the answer's body, or the error when nothing answered. */
  response: z.string(),
  /** When the next retry is due, null when none follows. */
  nextRetryAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
/** One page of a delivery log, newest first (no total: the log is trimmed by age, not counted). */
export const webhookDeliveryPageSchema = z.object({
  items: z.array(webhookDeliverySchema),
  nextCursor: z.string().nullable(),
});
export const webhookDeliveryQuerySchema = z.object({
  cursor: z.string().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

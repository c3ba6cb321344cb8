import type * as z from 'zod';
import type { Webhook, WebhookDelivery, webhookInputSchema } from '../../../shared/schemas';
import { conflict } from '../errors/app-error';
import { MASK } from '../integrations/mask';
import { ports } from '../ports';
import { generateWebhookSecret } from './signing';
import type { WebhookItem } from './webhook';

/**
 * The organization's webhook endpoints. A signing secret is stored sealed (only the delivery worker opens
 * it) and is write-only: shown masked, except in the answers that create it (create, rotate-secret), which
 * carry the clear `whsec_…` once.
 */

/** A webhook as the API answers it (with `clearSecret` only in the answer that created the secret). */
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
 * first time the API reads it. Until then the delivery worker still signs with the clear value.
 */
async function sealedItem(orgId: string, item: WebhookItem): Promise<WebhookItem> {
  if (!item.secret || ports().isSealed(item.secret)) return item;
  const secret = await ports().sealSecret(orgId, item.secret);
  await ports().replaceWebhookSecret(orgId, item.id, item.secret, secret);
  return { ...item, secret };
}

export async function listWebhookEndpoints(orgId: string): Promise<Webhook[]> {
  const stored = await ports().listWebhooks(orgId);
  return (await Promise.all(stored.map((item) => sealedItem(orgId, item)))).map((item) => toWebhook(item));
}

export async function webhookEndpoint(orgId: string, id: string): Promise<Webhook> {
  return toWebhook(await sealedItem(orgId, await ports().getWebhook(orgId, id)));
}

/** A new endpoint: its URL must be callable under the outbound policy; without a secret, one is made. */
export async function addWebhookEndpoint(
  orgId: string,
  input: z.infer<typeof webhookInputSchema>,
): Promise<Webhook> {
  await ports().refuseUncallableUrl(input.url, 'url');
  const clear = input.secret ?? generateWebhookSecret();
  const created = await ports().createWebhook(orgId, {
    ...input,
    secret: await ports().sealSecret(orgId, clear),
  });
  return toWebhook(created, clear);
}

export const removeWebhookEndpoint = (orgId: string, id: string): Promise<void> =>
  ports().deleteWebhook(orgId, id);

/** A new secret, answered once; the old one keeps signing beside it during the overlap. */
export async function rotateSecret(orgId: string, id: string, now = new Date()): Promise<Webhook> {
  const clear = generateWebhookSecret();
  const overlapUntil = new Date(now.getTime() + ports().webhookSecretOverlapSeconds() * 1000).toISOString();
  const rotated = await ports().rotateWebhookSecret(
    orgId,
    id,
    await ports().sealSecret(orgId, clear),
    overlapUntil,
  );
  return toWebhook(rotated, clear);
}

/** One page of the endpoint's delivery log, newest first (404 for another organization's webhook). */
export async function deliveryLog(
  orgId: string,
  id: string,
  page: { limit: number; cursor?: string },
): Promise<{ items: WebhookDelivery[]; nextCursor: string | null }> {
  const webhook = await ports().getWebhook(orgId, id);
  return ports().listDeliveries(orgId, webhook.id, page);
}

/** Queues one more attempt of a logged delivery, with the same `webhook-id`; the log shows its outcome. */
export async function resendDelivery(orgId: string, id: string, deliveryId: string): Promise<void> {
  const webhook = await ports().getWebhook(orgId, id);
  if (webhook.status === 'INACTIVE') throw conflict('webhook_disabled', 'This webhook is disabled');
  const delivery = await ports().getDelivery(orgId, webhook.id, deliveryId);
  const now = new Date().toISOString();
  await ports().queueWebhookAttempt(
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
}

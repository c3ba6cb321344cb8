import { ulid } from 'ulid';
import type { WebhookDelivery } from '../../../shared/schemas';
import { notFound } from '../../core/errors/app-error';
import type { WebhookItem } from '../../core/webhooks/webhook';
import { nowIso } from './client';
import { decodeCursor, encodeCursor } from './cursor';
import { itemKind, orgEntity, transact } from './entity';
import { keys } from './keys';

export type { WebhookItem } from '../../core/webhooks/webhook';

const webhooks = orgEntity<WebhookItem>({ type: 'WEBHOOK', entity: 'Webhook', label: 'Webhook' });

/** A webhook's delivery log: its own partition, one item per attempt (ULID ids), each with a TTL expiry. */
const deliveries = itemKind<WebhookDelivery>()({
  key: keys.webhookDelivery,
  collection: (orgId: string, webhookId: string) => ({
    PK: keys.webhookDeliveriesPk(orgId, webhookId),
    prefix: keys.webhookDeliveryPrefix,
  }),
  entity: 'WebhookDelivery',
  hidden: ['expiresAt'],
});

export async function createWebhook(
  orgId: string,
  input: { url: string; events: string[]; secret: string | null },
): Promise<WebhookItem> {
  const now = nowIso();
  const item: WebhookItem = {
    id: ulid(),
    url: input.url,
    events: input.events,
    secret: input.secret,
    secretFormat: 'standard',
    status: 'ACTIVE',
    lastDeliveryAt: null,
    lastDeliveryStatus: null,
    consecutiveFailures: 0,
    createdAt: now,
    updatedAt: now,
  };
  await transact([webhooks.create(orgId, item)]);
  return item;
}

/** The webhook of this organization, or 404 (also for another organization's ids). */
export const getWebhook = (orgId: string, id: string) => webhooks.get(orgId, id);

/** Replaces the secret if it is still `before` (the secrets-migration rewrite); otherwise leaves it. */
export async function replaceWebhookSecret(
  orgId: string,
  id: string,
  before: string,
  after: string,
): Promise<void> {
  await webhooks.updateIf(orgId, id, {
    UpdateExpression: 'SET secret = :after',
    ConditionExpression: 'secret = :before',
    ExpressionAttributeValues: { ':before': before, ':after': after },
  });
}

export const deleteWebhook = (orgId: string, id: string) =>
  transact([webhooks.remove(orgId, id)], () => notFound('Webhook'));

/** Every webhook of the organization, oldest first, with its secret (for the delivery worker). */
export const listWebhooks = (orgId: string) => webhooks.list(orgId);

/**
 * Records a delivery's outcome: the time, the HTTP status (null when nothing answered), and the state:
 * ACTIVE after a success, FAILING after a failure (with a count of failures in a row and the time the
 * failing began). Answers the webhook as it is now, or undefined if it was deleted in the meantime.
 */
export async function recordDelivery(
  orgId: string,
  id: string,
  result: { status: number | null; ok: boolean },
): Promise<WebhookItem | undefined> {
  const now = nowIso();
  const stored = await webhooks.updateIf(orgId, id, {
    UpdateExpression: result.ok
      ? 'SET lastDeliveryAt = :now, lastDeliveryStatus = :s, #status = :st, consecutiveFailures = :zero REMOVE failingSince'
      : 'SET lastDeliveryAt = :now, lastDeliveryStatus = :s, #status = :st, failingSince = if_not_exists(failingSince, :now) ADD consecutiveFailures :one',
    // A switched-off endpoint stays off whatever an attempt already under way answers.
    ConditionExpression: 'attribute_exists(PK) AND #status <> :off',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':now': now,
      ':s': result.status,
      ':st': result.ok ? 'ACTIVE' : 'FAILING',
      ':off': 'INACTIVE',
      ...(result.ok ? { ':zero': 0 } : { ':one': 1 }),
    },
    ReturnValues: 'ALL_NEW',
  });
  return stored ? webhooks.fromStored(stored) : undefined;
}

/** Switches the endpoint off (INACTIVE) with the reason shown to its organization. */
export async function disableWebhook(orgId: string, id: string, reason: string): Promise<void> {
  await webhooks.updateIf(orgId, id, {
    UpdateExpression: 'SET #status = :off, disabledReason = :reason, updatedAt = :now',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':off': 'INACTIVE', ':reason': reason, ':now': nowIso() },
  });
}

/**
 * Rotation: the new (sealed) secret signs from now on; the old one keeps signing beside it until
 * `overlapUntil`, so receivers can switch at their pace. 404 for an unknown webhook.
 */
export async function rotateWebhookSecret(
  orgId: string,
  id: string,
  sealed: string,
  overlapUntil: string,
): Promise<WebhookItem> {
  const stored = await webhooks.updateIf(orgId, id, {
    UpdateExpression:
      'SET previousSecret = secret, previousSecretFormat = if_not_exists(secretFormat, :legacy), ' +
      'previousSecretExpiresAt = :until, secret = :new, secretFormat = :standard, updatedAt = :now',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: {
      ':until': overlapUntil,
      ':new': sealed,
      ':now': nowIso(),
      ':legacy': 'legacy',
      ':standard': 'standard',
    },
    ReturnValues: 'ALL_NEW',
  });
  if (!stored) throw notFound('Webhook');
  return webhooks.fromStored(stored);
}

/** How long delivery log entries are kept (TTL), in days: beyond the 3-day retry window and then some. */
const DELIVERY_KEEP_DAYS = 30;

export async function addDelivery(orgId: string, delivery: Omit<WebhookDelivery, 'id' | 'createdAt'>) {
  const item: WebhookDelivery = { id: ulid(), createdAt: nowIso(), ...delivery };
  await deliveries.put([orgId, delivery.webhookId, item.id], {
    ...item,
    expiresAt: Math.floor(Date.now() / 1000) + DELIVERY_KEEP_DAYS * 86_400,
  });
  return item;
}

/** One page of a webhook's delivery log, newest first. */
export async function listDeliveries(
  orgId: string,
  webhookId: string,
  page: { limit: number; cursor?: string },
): Promise<{ items: WebhookDelivery[]; nextCursor: string | null }> {
  const pk = keys.webhookDeliveriesPk(orgId, webhookId);
  const scope = `${pk}#${keys.webhookDeliveryPrefix}`;
  const { items, lastKey } = await deliveries.page([orgId, webhookId], {
    newestFirst: true,
    limit: page.limit,
    startKey: decodeCursor(scope, page.cursor),
  });
  return { items: items.map(deliveries.fromStored), nextCursor: encodeCursor(scope, lastKey) };
}

/** One entry of a webhook's delivery log, or 404. */
export async function getDelivery(orgId: string, webhookId: string, deliveryId: string) {
  const delivery = await deliveries.find([orgId, webhookId, deliveryId]);
  if (!delivery) throw notFound('Delivery');
  return delivery;
}

import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { Webhook, WebhookDelivery } from '../../../shared/schemas';
import { notFound } from '../../core/errors/app-error';
import { db, isConditionFailure, nowIso, queryAll, tableName } from './client';
import { decodeCursor, encodeCursor } from './cursor';
import { keys, sortKeyStartsWith, withoutKeys } from './keys';

const TYPE = 'WEBHOOK';

/**
 * A webhook as stored. The signing secret is sealed (`enc:v1:…`, see adapters/secrets): only the delivery
 * worker opens it. One written before secrets were sealed holds it in clear until the API first reads it.
 */
export interface WebhookItem {
  id: string;
  url: string;
  events: string[];
  secret: string | null;
  /**
   * `standard`: a `whsec_` + base64 secret used as Standard Webhooks prescribes. Unset (or `legacy`):
   * stored before, signed with its raw bytes (core/webhooks/signing.ts).
   */
  secretFormat?: 'standard' | 'legacy';
  previousSecretFormat?: 'standard' | 'legacy';
  /** The secret before the last rotation (sealed), still signing until `previousSecretExpiresAt`. */
  previousSecret?: string | null;
  previousSecretExpiresAt?: string | null;
  status: Webhook['status'];
  /** Since when every delivery has failed (unset after a success); five days of it disable the endpoint. */
  failingSince?: string | null;
  disabledReason?: string | null;
  lastDeliveryAt: string | null;
  lastDeliveryStatus: number | null;
  consecutiveFailures: number;
  createdAt: string;
  updatedAt: string;
}

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
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.entity(orgId, TYPE, item.id), entity: 'Webhook', ...item },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return item;
}

/** The webhook of this organization, or 404 (also for another organization's ids). */
export async function getWebhook(orgId: string, id: string): Promise<WebhookItem> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.entity(orgId, TYPE, id), ConsistentRead: true }),
  );
  if (!Item) throw notFound('Webhook');
  return withoutKeys(Item) as unknown as WebhookItem;
}

/** Replaces the secret if it is still `before` (the secrets-migration rewrite); otherwise leaves it. */
export async function replaceWebhookSecret(
  orgId: string,
  id: string,
  before: string,
  after: string,
): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(orgId, TYPE, id),
        UpdateExpression: 'SET secret = :after',
        ConditionExpression: 'secret = :before',
        ExpressionAttributeValues: { ':before': before, ':after': after },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

export async function deleteWebhook(orgId: string, id: string): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.entity(orgId, TYPE, id),
        ConditionExpression: 'attribute_exists(PK)',
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw notFound('Webhook');
    throw error;
  }
}

/** Every webhook of the organization, oldest first, with its secret (for the delivery worker). */
export async function listWebhooks(orgId: string): Promise<WebhookItem[]> {
  const items = await queryAll(sortKeyStartsWith(keys.orgPk(orgId), `${TYPE}#`));
  return items.map((raw) => withoutKeys(raw) as unknown as WebhookItem);
}

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
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(orgId, TYPE, id),
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
      }),
    );
    return Attributes ? (withoutKeys(Attributes) as unknown as WebhookItem) : undefined;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return undefined;
  }
}

/** Switches the endpoint off (INACTIVE) with the reason shown to its organization. */
export async function disableWebhook(orgId: string, id: string, reason: string): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(orgId, TYPE, id),
        UpdateExpression: 'SET #status = :off, disabledReason = :reason, updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':off': 'INACTIVE', ':reason': reason, ':now': nowIso() },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
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
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(orgId, TYPE, id),
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
      }),
    );
    return withoutKeys(Attributes ?? {}) as unknown as WebhookItem;
  } catch (error) {
    if (isConditionFailure(error)) throw notFound('Webhook');
    throw error;
  }
}

/** How long delivery log entries are kept (TTL), in days: beyond the 3-day retry window and then some. */
const DELIVERY_KEEP_DAYS = 30;

export async function addDelivery(orgId: string, delivery: Omit<WebhookDelivery, 'id' | 'createdAt'>) {
  const item: WebhookDelivery = { id: ulid(), createdAt: nowIso(), ...delivery };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.webhookDelivery(orgId, delivery.webhookId, item.id),
        entity: 'WebhookDelivery',
        ...item,
        expiresAt: Math.floor(Date.now() / 1000) + DELIVERY_KEEP_DAYS * 86_400,
      },
    }),
  );
  return item;
}

const toDelivery = (raw: Record<string, unknown>): WebhookDelivery => {
  const { expiresAt: _e, ...rest } = withoutKeys(raw);
  return rest as unknown as WebhookDelivery;
};

/** One page of a webhook's delivery log, newest first. */
export async function listDeliveries(
  orgId: string,
  webhookId: string,
  page: { limit: number; cursor?: string },
): Promise<{ items: WebhookDelivery[]; nextCursor: string | null }> {
  const pk = keys.webhookDeliveriesPk(orgId, webhookId);
  const scope = `${pk}#${keys.webhookDeliveryPrefix}`;
  const { Items = [], LastEvaluatedKey } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      ...sortKeyStartsWith(pk, keys.webhookDeliveryPrefix),
      ScanIndexForward: false,
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(scope, page.cursor),
    }),
  );
  return { items: Items.map(toDelivery), nextCursor: encodeCursor(scope, LastEvaluatedKey) };
}

/** One entry of a webhook's delivery log, or 404. */
export async function getDelivery(orgId: string, webhookId: string, deliveryId: string) {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.webhookDelivery(orgId, webhookId, deliveryId) }),
  );
  if (!Item) throw notFound('Delivery');
  return toDelivery(Item);
}

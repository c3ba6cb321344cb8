import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { Webhook } from '../../../shared/schemas';
import { notFound } from '../../core/errors/app-error';
import { db, nowIso, queryAll, tableName } from './client';
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
  status: Webhook['status'];
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
 * ACTIVE after a success, FAILING after a failure (with a count of failures in a row). A webhook deleted
 * in the meantime is left alone.
 */
export async function recordDelivery(
  orgId: string,
  id: string,
  result: { status: number | null; ok: boolean },
): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(orgId, TYPE, id),
        UpdateExpression: result.ok
          ? 'SET lastDeliveryAt = :now, lastDeliveryStatus = :s, #status = :st, consecutiveFailures = :zero'
          : 'SET lastDeliveryAt = :now, lastDeliveryStatus = :s, #status = :st ADD consecutiveFailures :one',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':now': nowIso(),
          ':s': result.status,
          ':st': result.ok ? 'ACTIVE' : 'FAILING',
          ...(result.ok ? { ':zero': 0 } : { ':one': 1 }),
        },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

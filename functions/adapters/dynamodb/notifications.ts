import { BatchWriteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { Notification } from '../../../shared/schemas';
import { db, isConditionFailure, nowIso, tableName } from './client';
import { keys, sortKeyStartsWith, withoutKeys } from './keys';

/** How long a notification is kept (TTL), in days. */
const KEEP_DAYS = 30;

/**
 * Tells the organization's people what happened to an invoice (the header's bell); with `recipients`
 * (user ids), only those people (an invoice reaching its approvers). With `id` (a ULID: the outbox item's,
 * when the relay delivers it) the write happens once: a second delivery of the same notification finds
 * it there and leaves it, read or not, as it is.
 */
export async function addNotification(
  orgId: string,
  input: {
    id?: string;
    kind: Notification['kind'];
    invoiceId: string | null;
    message: string;
    recipients?: string[];
  },
): Promise<Notification> {
  const { recipients, id, ...fields } = input;
  const notification: Notification = { id: id ?? ulid(), read: false, createdAt: nowIso(), ...fields };
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.entity(orgId, 'NOTIFICATION', notification.id),
          entity: 'Notification',
          ...notification,
          ...(recipients ? { recipients } : {}),
          expiresAt: Math.floor(Date.now() / 1000) + KEEP_DAYS * 86_400,
        },
        ...(id ? { ConditionExpression: 'attribute_not_exists(PK)' } : {}),
      }),
    );
  } catch (error) {
    if (!(id && isConditionFailure(error))) throw error;
  }
  return notification;
}

/**
 * The newest notifications first (those for everyone, and those for `userId` when given), with how many
 * are unread among them.
 */
export async function listNotifications(
  orgId: string,
  userId?: string,
  limit = 50,
): Promise<{ items: Notification[]; unread: number }> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      ...sortKeyStartsWith(keys.orgPk(orgId), keys.notificationPrefix),
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  const items = (Items ?? [])
    .filter((i) => !Array.isArray(i.recipients) || (userId !== undefined && i.recipients.includes(userId)))
    .map((i) => {
      const { expiresAt: _e, ...rest } = withoutKeys(i);
      return rest as unknown as Notification;
    });
  return { items, unread: items.filter((n) => !n.read).length };
}

/** Marks the given notifications (or all listed ones) as read. */
export async function markNotificationsRead(orgId: string, userId: string, ids?: string[]): Promise<void> {
  const { items } = await listNotifications(orgId, userId, 100);
  const targets = items.filter((n) => !n.read && (!ids || ids.includes(n.id)));
  for (let i = 0; i < targets.length; i += 25) {
    await db().send(
      new BatchWriteCommand({
        RequestItems: {
          [tableName()]: targets.slice(i, i + 25).map((n) => ({
            PutRequest: {
              Item: {
                ...keys.entity(orgId, 'NOTIFICATION', n.id),
                entity: 'Notification',
                ...n,
                read: true,
                expiresAt: Math.floor(Date.parse(n.createdAt) / 1000) + KEEP_DAYS * 86_400,
              },
            },
          })),
        },
      }),
    );
  }
}

import { ulid } from 'ulid';
import type { Notification } from '../../../shared/schemas';
import { isConditionFailure, nowIso } from './client';
import { itemKind } from './entity';
import { keys } from './keys';

/** How long a notification is kept (TTL), in days. */
const KEEP_DAYS = 30;

/** Stored with `recipients` (user ids) when meant for those people only, and its TTL expiry. */
const notifications = itemKind<Notification & { recipients?: string[] }>()({
  key: (orgId: string, id: string) => keys.entity(orgId, 'NOTIFICATION', id),
  collection: (orgId: string) => ({ PK: keys.orgPk(orgId), prefix: keys.notificationPrefix }),
  entity: 'Notification',
  hidden: ['expiresAt'],
});

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
    await notifications.put(
      [orgId, notification.id],
      {
        ...notification,
        ...(recipients ? { recipients } : {}),
        expiresAt: Math.floor(Date.now() / 1000) + KEEP_DAYS * 86_400,
      },
      id ? { ConditionExpression: 'attribute_not_exists(PK)' } : {},
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
  const { items: stored } = await notifications.page([orgId], { newestFirst: true, limit });
  const items: Notification[] = stored
    .filter((i) => !Array.isArray(i.recipients) || (userId !== undefined && i.recipients.includes(userId)))
    .map(notifications.fromStored);
  return { items, unread: items.filter((n) => !n.read).length };
}

/** Marks the given notifications (or all listed ones) as read. */
export async function markNotificationsRead(orgId: string, userId: string, ids?: string[]): Promise<void> {
  const { items } = await listNotifications(orgId, userId, 100);
  const targets = items.filter((n) => !n.read && (!ids || ids.includes(n.id)));
  await notifications.putAll(
    targets.map((n) => ({
      ...n,
      read: true,
      expiresAt: Math.floor(Date.parse(n.createdAt) / 1000) + KEEP_DAYS * 86_400,
    })),
    (n) => [orgId, n.id],
  );
}

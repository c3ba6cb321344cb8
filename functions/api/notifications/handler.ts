import { listNotifications, markNotificationsRead } from '../../adapters/dynamodb/notifications';
import { notFound } from '../../core/errors/app-error';
import { resourceHandler } from '../lib/http';
import { notificationsContract } from './contract';

/** The header bell: the newest notifications (kept 30 days) and how many are unread. */
export const handler = resourceHandler(notificationsContract, {
  'GET /api/notifications': async (request) => {
    const { orgId, actorId } = request.principal();
    const { items, unread } = await listNotifications(orgId, actorId);
    return { items, nextCursor: null, total: items.length, unread };
  },

  'POST /api/notifications/read': async (request) => {
    const { orgId, actorId } = request.principal();
    const { ids } = request.body;
    if (ids?.length) {
      // Ids the organization does not have are 404, like any other id of another tenant.
      const known = new Set((await listNotifications(orgId, actorId, 100)).items.map((n) => n.id));
      if (ids.some((id) => !known.has(id))) throw notFound('Notification');
    }
    await markNotificationsRead(orgId, actorId, ids);
    const { unread } = await listNotifications(orgId, actorId);
    return { unread };
  },
});

import * as z from 'zod';
import { notificationListSchema, notificationsReadSchema } from '../../../shared/schemas';
import { defineContract } from '../lib/contract';
import { NOTIFICATIONS } from '../lib/rights';

/** The routes of notifications: what each reads and answers (functions/api/lib/contract.ts). */
export const notificationsContract = defineContract({
  'GET /api/notifications': {
    rule: NOTIFICATIONS,
    tag: 'Notifications',
    summary: 'Newest notifications and the unread count',
    success: 200,
    response: notificationListSchema,
  },
  'POST /api/notifications/read': {
    rule: NOTIFICATIONS,
    tag: 'Notifications',
    summary: 'Mark notifications read (all when no ids)',
    body: notificationsReadSchema,
    success: 200,
    response: z.object({ unread: z.number().int() }),
    errors: [400, 404],
  },
});

import * as z from 'zod';
import { isoDateTime } from './common';

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum([
    'processed',
    'review_required',
    'sync_failed',
    'approved',
    'rejected',
    'email',
    'webhook_disabled',
    'approval_requested',
    /** A vendor's insurance certificate expires within 30 days, or just expired (to administrators). */
    'insurance_expiring',
  ]),
  invoiceId: z.string().nullable(),
  message: z.string(),
  read: z.boolean(),
  createdAt: isoDateTime,
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.null(),
  total: z.number().int(),
  unread: z.number().int(),
});
/** Marks the given notifications read, or all of them when `ids` is absent. */
export const notificationsReadSchema = z.object({
  ids: z
    .array(z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Invalid id'))
    .max(100)
    .optional(),
});

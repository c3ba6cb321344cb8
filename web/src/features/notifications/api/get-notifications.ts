import { REFRESH_INTERVAL_MS } from '@shared/constants';
import type { Notification } from '@shared/schemas/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Page } from '@/lib/api-client';

export const notificationsQueryKey = ['/api/notifications'] as const;

/** A page of notifications plus the unread count across all of them. */
export type NotificationPage = Page<Notification> & { unread?: number };

export const getNotifications = () =>
  api.get<NotificationPage>('/api/notifications', { query: { limit: 20 } });

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationsQueryKey,
    queryFn: getNotifications,
    refetchInterval: REFRESH_INTERVAL_MS,
  });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

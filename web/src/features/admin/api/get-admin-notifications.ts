import { list } from '@club/shared/api';
import { ZNotificationAdmin } from '@club/shared/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function getAdminNotifications(signal?: AbortSignal) {
  return api
    .get('/v1/notification/all', { schema: list(ZNotificationAdmin), ...(signal ? { signal } : {}) })
    .then((a) => a.data);
}

/** Every notification query (the admin's list, the person's own inbox) starts with this key. */
export const notificationsKey = ['notifications'] as const;
/** The admin's list; the person's own inbox lives under `['notifications', 'my']`. */
export const adminNotificationsKey = [...notificationsKey, 'admin'] as const;

export const adminNotificationsQueryOptions = () =>
  queryOptions({ queryKey: adminNotificationsKey, queryFn: ({ signal }) => getAdminNotifications(signal) });

/** Read counts change as members open them: follow them while the list is open. */
export function useAdminNotifications() {
  return useQuery({ ...adminNotificationsQueryOptions(), refetchInterval: 30_000 });
}

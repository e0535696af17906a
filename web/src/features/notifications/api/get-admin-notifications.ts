import { list } from '@club/shared/api';
import { ZNotificationAdmin } from '@club/shared/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { notificationKeys } from '../../../lib/query-keys.ts';

export function getAdminNotifications(signal?: AbortSignal) {
  return api
    .get('/v1/notification/all', { schema: list(ZNotificationAdmin), ...(signal ? { signal } : {}) })
    .then((a) => a.data);
}

/** Staff's list with read counts: a member's first read reaches the admin room (`feed:changed`). */
export const adminNotificationsQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.admin(), queryFn: ({ signal }) => getAdminNotifications(signal) });

export function useAdminNotifications() {
  return useQuery(adminNotificationsQueryOptions());
}

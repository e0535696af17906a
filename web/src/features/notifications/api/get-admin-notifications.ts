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

export const adminNotificationsQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.admin(), queryFn: ({ signal }) => getAdminNotifications(signal) });

/**
 * A safety refresh only: no event tells staff that a member opened a notification, so the
 * read counts catch up once a minute while the list is open (and on focus).
 */
const READ_COUNTS_REFRESH_MS = 60_000;

export function useAdminNotifications() {
  return useQuery({ ...adminNotificationsQueryOptions(), refetchInterval: READ_COUNTS_REFRESH_MS });
}

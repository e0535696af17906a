import { paginated } from '@club/shared/api';
import { ZNotificationAdmin } from '@club/shared/notifications';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { notificationKeys } from '../../../lib/query-keys.ts';

export function getAdminNotifications(page: number, signal?: AbortSignal) {
  return api.get('/v1/notification/all', {
    query: { page },
    schema: paginated(ZNotificationAdmin),
    ...(signal ? { signal } : {}),
  });
}

/**
 * One page of staff's list with read counts, under the admin key: a member's first read
 * reaches the admin room (`feed:changed`), and makes only the page shown be read again.
 */
export const adminNotificationsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...notificationKeys.admin(), page] as const,
    queryFn: ({ signal }) => getAdminNotifications(page, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminNotifications(page: number) {
  return useQuery(adminNotificationsQueryOptions(page));
}

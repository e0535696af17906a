import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { lazySchema } from '../../../lib/api-client.ts';
import { notificationKeys } from '../../../lib/query-keys.ts';

export function getMyNotifications(signal?: AbortSignal) {
  return api
    .get('/v1/notification/my', {
      schema: lazySchema(() => import('./answers.ts'), 'ZMyNotifications'),
      ...(signal ? { signal } : {}),
    })
    .then(({ data, unread }) => ({ data, unread }));
}

/**
 * The person's notifications (newest first) and the unread count. `notification:new` in the
 * person's room refreshes this same key.
 */
export const myNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.mine(),
    queryFn: ({ signal }) => getMyNotifications(signal),
    staleTime: 0,
  });

export function useMyNotifications({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myNotificationsQueryOptions(), enabled });
}

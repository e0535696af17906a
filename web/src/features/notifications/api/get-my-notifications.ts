import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** How often the inbox and the unread badge ask again, until the realtime gateway pushes. */
export const NOTIFICATIONS_REFETCH_MS = 15_000;

export function getMyNotifications(signal?: AbortSignal) {
  return api
    .get('/v1/notification/my', {
      schema: () => import('./answers.ts').then((m) => m.ZMyNotifications),
      ...(signal ? { signal } : {}),
    })
    .then(({ data, unread }) => ({ data, unread }));
}

/**
 * The person's notifications (newest first) and the unread count. The realtime gateway's
 * `notification:new` later writes into this same key.
 */
export const myNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'my'],
    queryFn: ({ signal }) => getMyNotifications(signal),
    staleTime: 0,
  });

export function useMyNotifications({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    ...myNotificationsQueryOptions(),
    enabled,
    refetchInterval: NOTIFICATIONS_REFETCH_MS,
    refetchIntervalInBackground: false,
  });
}

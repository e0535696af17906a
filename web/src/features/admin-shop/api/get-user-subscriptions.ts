import { list } from '@club/shared/api';
import { ZUserSubscription } from '@club/shared/shop';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { userSubscriptionKeys } from './keys.ts';

/** Admin: one user's prepaid hours, time left as of now. */
export function userSubscriptionsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: userSubscriptionKeys.of(userId),
    queryFn: ({ signal }) =>
      api.get(`/v1/user/${userId}/subscriptions`, { schema: list(ZUserSubscription), signal }).then((a) => a.data),
  });
}

export function useUserSubscriptions(userId: number) {
  return useQuery(userSubscriptionsQueryOptions(userId));
}

/** Admin: pauses or resumes one of a user's subscriptions. */
export function useSetUserSubscriptionPaused(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paused }: { id: number; paused: boolean }) =>
      api.post(paused ? '/v1/subscription/pause' : '/v1/subscription/unpause', { body: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: userSubscriptionsQueryOptions(userId).queryKey }),
  });
}

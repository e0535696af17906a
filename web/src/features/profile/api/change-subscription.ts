import { one } from '@club/shared/api';
import { ZUserSubscription } from '@club/shared/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { myActiveSubscriptionQueryOptions } from './get-my-active-subscription.ts';
import { mySubscriptionsQueryOptions } from './get-my-subscriptions.ts';

/** What a person can do with their prepaid hours (the subscription machine decides if it may). */
export type SubscriptionAction = 'pause' | 'unpause' | 'remove';

export function changeSubscription({ id, action }: { id: number; action: SubscriptionAction }) {
  return api
    .post(`/v1/subscription/${action}`, { body: { id }, schema: one('subscription', ZUserSubscription) })
    .then((a) => a.subscription);
}

/** Pauses, resumes or deletes one of my subscriptions; my lists and the active one follow. */
export function useChangeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSubscription,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mySubscriptionsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: myActiveSubscriptionQueryOptions().queryKey }),
      ]),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { subscriptionKeys } from '../../../lib/query-keys.ts';

export function getMyActiveSubscription(signal?: AbortSignal) {
  return api
    .get('/v1/user/my-active-subscription', {
      schema: () => import('./answers.ts').then((m) => m.ZActiveSubscriptionAnswer),
      ...(signal ? { signal } : {}),
    })
    .then((a) => a.subscription);
}

export const myActiveSubscriptionQueryOptions = () =>
  queryOptions({ queryKey: subscriptionKeys.active(), queryFn: ({ signal }) => getMyActiveSubscription(signal) });

export function useMyActiveSubscription() {
  return useQuery(myActiveSubscriptionQueryOptions());
}

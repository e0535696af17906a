import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function getMyActiveSubscription(signal?: AbortSignal) {
  return api
    .get('/v1/user/my-active-subscription', {
      schema: () => import('./answers.ts').then((m) => m.ZActiveSubscriptionAnswer),
      ...(signal ? { signal } : {}),
    })
    .then((a) => a.subscription);
}

export const myActiveSubscriptionQueryOptions = () =>
  queryOptions({ queryKey: ['my-active-subscription'], queryFn: ({ signal }) => getMyActiveSubscription(signal) });

export function useMyActiveSubscription() {
  return useQuery(myActiveSubscriptionQueryOptions());
}

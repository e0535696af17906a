import { one } from '@club/shared/api';
import { ZUserSubscription } from '@club/shared/shop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function getMyActiveSubscription(signal?: AbortSignal) {
  return api
    .get('/v1/user/my-active-subscription', {
      schema: one('subscription', ZUserSubscription.nullable()),
      ...(signal ? { signal } : {}),
    })
    .then((a) => a.subscription);
}

export const myActiveSubscriptionQueryOptions = () =>
  queryOptions({ queryKey: ['my-active-subscription'], queryFn: ({ signal }) => getMyActiveSubscription(signal) });

export function useMyActiveSubscription() {
  return useQuery(myActiveSubscriptionQueryOptions());
}

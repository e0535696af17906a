import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { lazySchema } from '../../../lib/api-client.ts';
import { subscriptionKeys } from '../../../lib/query-keys.ts';

export function getMyActiveSubscription(signal?: AbortSignal) {
  return api
    .get('/v1/user/my-active-subscription', {
      schema: lazySchema(() => import('./answers.ts'), 'ZActiveSubscriptionAnswer'),
      ...(signal ? { signal } : {}),
    })
    .then((a) => a.subscription);
}

export const myActiveSubscriptionQueryOptions = () =>
  queryOptions({ queryKey: subscriptionKeys.active(), queryFn: ({ signal }) => getMyActiveSubscription(signal) });

export function useMyActiveSubscription() {
  return useQuery(myActiveSubscriptionQueryOptions());
}

import { list } from '@club/shared/api';
import { ZUserSubscription } from '@club/shared/shop';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { subscriptionKeys } from '../../../lib/query-keys.ts';

export function getMySubscriptions(signal?: AbortSignal) {
  return api
    .get('/v1/user/my-subscriptions', { schema: list(ZUserSubscription), ...(signal ? { signal } : {}) })
    .then((a) => a.data);
}

export const mySubscriptionsQueryOptions = () =>
  queryOptions({ queryKey: subscriptionKeys.mine(), queryFn: ({ signal }) => getMySubscriptions(signal) });

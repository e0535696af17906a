import { list } from '@club/shared/api';
import { ZSubscriptionProduct } from '@club/shared/shop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminSubscriptionKeys } from './keys.ts';

export function getAdminSubscriptions(signal?: AbortSignal) {
  return api
    .get('/v1/subscription/all', {
      query: { all: 1 },
      schema: list(ZSubscriptionProduct),
      ...(signal ? { signal } : {}),
    })
    .then((a) => a.data);
}

/** The whole catalogue of prepaid hours, off-sale ones too. */
export const adminSubscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: adminSubscriptionKeys.list(),
    queryFn: ({ signal }) => getAdminSubscriptions(signal),
    staleTime: 0,
  });

export function useAdminSubscriptions() {
  return useQuery(adminSubscriptionsQueryOptions());
}

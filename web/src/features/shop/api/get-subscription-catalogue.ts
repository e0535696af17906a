import { list } from '@club/shared/api';
import { ZSubscriptionProduct } from '@club/shared/shop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { shopKeys } from '../../../lib/query-keys.ts';

export function getSubscriptionCatalogue(signal?: AbortSignal) {
  return api
    .get('/v1/subscription/all', { schema: list(ZSubscriptionProduct), ...(signal ? { signal } : {}) })
    .then((a) => a.data);
}

export const subscriptionCatalogueQueryOptions = () =>
  queryOptions({
    queryKey: shopKeys.subscriptions(),
    queryFn: ({ signal }) => getSubscriptionCatalogue(signal),
    staleTime: 60_000,
  });

/** Prepaid hours for sale. */
export function useSubscriptionCatalogue() {
  return useQuery(subscriptionCatalogueQueryOptions());
}

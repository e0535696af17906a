import { list } from '@club/shared/api';
import { ZSubscriptionProduct } from '@club/shared/shop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { shopKey } from './get-products.ts';

export function getSubscriptionCatalogue(signal?: AbortSignal) {
  return api
    .get('/v1/subscription/all', { schema: list(ZSubscriptionProduct), ...(signal ? { signal } : {}) })
    .then((a) => a.data);
}

export const subscriptionCatalogueQueryOptions = () =>
  queryOptions({
    queryKey: [...shopKey, 'subscriptions'],
    queryFn: ({ signal }) => getSubscriptionCatalogue(signal),
    staleTime: 60_000,
  });

/** Prepaid hours for sale. */
export function useSubscriptionCatalogue() {
  return useQuery(subscriptionCatalogueQueryOptions());
}

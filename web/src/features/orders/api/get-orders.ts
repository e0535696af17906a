import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { lazySchema } from '../../../lib/api-client.ts';
import { refetchOnMountUnlessFirstData } from '../../../lib/first-screen.ts';
import { orderKeys } from '../../../lib/query-keys.ts';

export function getMyOrders(page: number, signal?: AbortSignal) {
  return api.get('/v1/order/my', {
    query: { page },
    schema: lazySchema(() => import('./answers.ts'), 'ZOrdersPageAnswer'),
    ...(signal ? { signal } : {}),
  });
}

export const myOrdersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: orderKeys.mine(page),
    queryFn: ({ signal }) => getMyOrders(page, signal),
    placeholderData: keepPreviousData,
  });

export function useMyOrders(page: number) {
  return useQuery(myOrdersQueryOptions(page));
}

export function getWaitingOrders(signal?: AbortSignal) {
  return api
    .get('/v1/order/waiting', {
      schema: lazySchema(() => import('./answers.ts'), 'ZOrdersAnswer'),
      ...(signal ? { signal } : {}),
    })
    .then((a) => a.data);
}

/**
 * What I still have to pay; `order:updated` in the person's room keeps it current (a new order,
 * a transfer, staff settling). Read on every mount, except straight after the first screen read it.
 */
export const waitingOrdersQueryOptions = () =>
  queryOptions({
    queryKey: orderKeys.waiting(),
    queryFn: ({ signal }) => getWaitingOrders(signal),
    staleTime: 0,
    refetchOnMount: refetchOnMountUnlessFirstData,
  });

export function useWaitingOrders() {
  return useQuery(waitingOrdersQueryOptions());
}

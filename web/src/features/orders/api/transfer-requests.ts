import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { lazySchema } from '../../../lib/api-client.ts';
import { orderKeys } from '../../../lib/query-keys.ts';

export function getIncomingTransfers(signal?: AbortSignal) {
  return api
    .get('/v1/order/transfer/incoming', {
      schema: lazySchema(() => import('./answers.ts'), 'ZOrdersAnswer'),
      ...(signal ? { signal } : {}),
    })
    .then((a) => a.data);
}

/**
 * Orders others ask me to take over; each order's `user_name` is the person asking. My own room
 * hears when one is asked, taken back or settled (`feed:changed`, transfers).
 */
export const incomingTransfersQueryOptions = () =>
  queryOptions({
    queryKey: orderKeys.incomingTransfers(),
    queryFn: ({ signal }) => getIncomingTransfers(signal),
  });

export function useIncomingTransfers() {
  return useQuery(incomingTransfersQueryOptions());
}

export function acceptTransfer(id: number) {
  return api.post('/v1/order/transfer/accept', {
    body: { id },
    schema: lazySchema(() => import('./answers.ts'), 'ZOrderAnswer'),
  });
}

export function declineTransfer(id: number) {
  return api.post('/v1/order/transfer/decline', {
    body: { id },
    schema: lazySchema(() => import('./answers.ts'), 'ZOkAnswer'),
  });
}

/** Accept or decline; every order list follows (the accepted order joins my waiting ones). */
export function useAnswerTransfer(answer: 'accept' | 'decline') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => (answer === 'accept' ? acceptTransfer(id) : declineTransfer(id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

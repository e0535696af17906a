import { one } from '@club/shared/api';
import { ZPaymentStatus } from '@club/shared/orders';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { orderKeys } from '../../../lib/query-keys.ts';

/** Where the payment of an order stands; the server also asks Vipps (polling fallback). */
export function getPaymentStatus(id: number, signal?: AbortSignal) {
  return api
    .get(`/v1/payment/status/${id}`, { schema: one('status', ZPaymentStatus), ...(signal ? { signal } : {}) })
    .then((a) => a.status);
}

/** The payment flow machine reads through this (always fresh), so the cache holds the latest answer. */
export const paymentStatusQueryOptions = (id: number) =>
  queryOptions({
    queryKey: orderKeys.paymentStatus(id),
    queryFn: ({ signal }) => getPaymentStatus(id, signal),
    staleTime: 0,
  });

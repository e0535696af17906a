import { one } from '@club/shared/api';
import { ZPaymentMethodSettings } from '@club/shared/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: ['payment-methods'],
    queryFn: ({ signal }) =>
      api
        .get('/v1/settings/payments', { schema: one('settings', ZPaymentMethodSettings), signal })
        .then((a) => a.settings),
  });

/** Which ways of paying the club offers. */
export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}

import { one } from '@club/shared/api';
import { ZPaymentMethodSettings } from '@club/shared/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { paymentMethodKeys } from '../lib/query-keys.ts';

export const ZPaymentMethodsAnswer = one('settings', ZPaymentMethodSettings);

/** Which ways of paying the club offers: the payment page and the admin's switches read one entry. */
export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: paymentMethodKeys.all,
    queryFn: ({ signal }) =>
      api.get('/v1/settings/payments', { schema: ZPaymentMethodsAnswer, signal }).then((a) => a.settings),
  });

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}

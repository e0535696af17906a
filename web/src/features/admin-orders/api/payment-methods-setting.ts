import { one } from '@club/shared/api';
import { type TPaymentMethodSettings, ZPaymentMethodSettings } from '@club/shared/orders';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const ZAnswer = one('settings', ZPaymentMethodSettings);

/** The same cache entry the payment page reads, so a change shows there at once. */
const settingQuery = () =>
  queryOptions({
    queryKey: ['payment-methods'],
    queryFn: ({ signal }) => api.get('/v1/settings/payments', { schema: ZAnswer, signal }).then((a) => a.settings),
  });

export function usePaymentMethodsSetting() {
  return useQuery(settingQuery());
}

export function useSavePaymentMethods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPaymentMethodSettings) =>
      api.post('/v1/settings/payments', { body, schema: ZAnswer }).then((a) => a.settings),
    onSuccess: (settings) => queryClient.setQueryData(settingQuery().queryKey, settings),
  });
}

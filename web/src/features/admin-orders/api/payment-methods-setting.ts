import type { TPaymentMethodSettings } from '@club/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  paymentMethodsQueryOptions,
  usePaymentMethods,
  ZPaymentMethodsAnswer,
} from '../../../api/get-payment-methods.ts';
import { api } from '../../../lib/api.ts';

export const usePaymentMethodsSetting = usePaymentMethods;

export function useSavePaymentMethods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPaymentMethodSettings) =>
      api.post('/v1/settings/payments', { body, schema: ZPaymentMethodsAnswer }).then((a) => a.settings),
    onSuccess: (settings) => queryClient.setQueryData(paymentMethodsQueryOptions().queryKey, settings),
  });
}

import { one } from '@club/shared/api';
import { type TBillingSettings, ZBillingSettings } from '@club/shared/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { billingSettingsQueryOptions } from './get-billing-settings.ts';

export function saveBillingSettings(body: TBillingSettings) {
  return api.post('/v1/settings/billing', { body, schema: one('settings', ZBillingSettings) }).then((a) => a.settings);
}

export function useSaveBillingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBillingSettings,
    onSuccess: (settings) => queryClient.setQueryData(billingSettingsQueryOptions().queryKey, settings),
  });
}

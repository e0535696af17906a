import { one } from '@club/shared/api';
import { ZBillingSettings } from '@club/shared/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { tableSettingKeys } from './keys.ts';

export function getBillingSettings(signal?: AbortSignal) {
  return api
    .get('/v1/settings/billing', { schema: one('settings', ZBillingSettings), ...(signal ? { signal } : {}) })
    .then((a) => a.settings);
}

export const billingSettingsQueryOptions = () =>
  queryOptions({ queryKey: tableSettingKeys.billing(), queryFn: ({ signal }) => getBillingSettings(signal) });

/** The club's rounding unit, minimum charge and grace period (DESIGN §6). */
export function useBillingSettings() {
  return useQuery(billingSettingsQueryOptions());
}

import { one } from '@club/shared/api';
import { ZDebtSettings } from '@club/shared/club-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { tableSettingKeys } from './keys.ts';

export function getDebtSettings(signal?: AbortSignal) {
  return api
    .get('/v1/settings/debts', { schema: one('settings', ZDebtSettings), ...(signal ? { signal } : {}) })
    .then((a) => a.settings);
}

export const debtSettingsQueryOptions = () =>
  queryOptions({ queryKey: tableSettingKeys.debt(), queryFn: ({ signal }) => getDebtSettings(signal) });

/** Whether a player who owes money may start new games. */
export function useDebtSettings() {
  return useQuery(debtSettingsQueryOptions());
}

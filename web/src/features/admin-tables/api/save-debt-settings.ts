import { one } from '@club/shared/api';
import { type TDebtSettings, ZDebtSettings } from '@club/shared/club-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { debtSettingsQueryOptions } from './get-debt-settings.ts';

export function saveDebtSettings(body: TDebtSettings) {
  return api.post('/v1/settings/debts', { body, schema: one('settings', ZDebtSettings) }).then((a) => a.settings);
}

export function useSaveDebtSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDebtSettings,
    onSuccess: (settings) => queryClient.setQueryData(debtSettingsQueryOptions().queryKey, settings),
  });
}

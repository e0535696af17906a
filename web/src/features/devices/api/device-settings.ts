import { type TDeviceSettingsInput, ZDeviceSettingsView } from '@club/shared/devices';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { deviceKeys } from './device-keys.ts';

/** `GET /v1/settings/devices`: the club's device settings and how the broker and door relay are now. */
export const deviceSettingsQueryOptions = () =>
  queryOptions({
    queryKey: deviceKeys.settings(),
    queryFn: ({ signal }) => api.get('/v1/settings/devices', { schema: ZDeviceSettingsView, signal }),
    // the broker's status: read fresh each time the screen opens
    staleTime: 0,
  });

export function useDeviceSettings() {
  return useQuery(deviceSettingsQueryOptions());
}

export function useSaveDeviceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TDeviceSettingsInput) => api.post('/v1/settings/devices', { body, schema: ZDeviceSettingsView }),
    onSuccess: (view) => queryClient.setQueryData(deviceKeys.settings(), view),
  });
}

import { one } from '@club/shared/api';
import { type TOpeningHoursInput, ZOpeningStatus } from '@club/shared/opening-hours';
import { type TReservationSettings, ZReservationSettings } from '@club/shared/reservations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { reservationKeys } from '../../../lib/query-keys.ts';

export const openingHoursQueryOptions = () =>
  queryOptions({
    queryKey: reservationKeys.openingHours(),
    queryFn: ({ signal }) =>
      api
        .get('/v1/settings/opening-hours', { schema: one('settings', ZOpeningStatus), signal })
        .then((a) => a.settings),
  });
export const useOpeningHours = () => useQuery(openingHoursQueryOptions());

export function useSaveOpeningHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOpeningHoursInput) =>
      api.post('/v1/settings/opening-hours', { body, schema: one('settings', ZOpeningStatus) }).then((a) => a.settings),
    onSuccess: (status) => queryClient.setQueryData(reservationKeys.openingHours(), status),
  });
}

export const reservationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: reservationKeys.settings(),
    queryFn: ({ signal }) =>
      api
        .get('/v1/settings/reservations', { schema: one('settings', ZReservationSettings), signal })
        .then((a) => a.settings),
  });
export const useReservationSettings = () => useQuery(reservationSettingsQueryOptions());

export function useSaveReservationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TReservationSettings) =>
      api
        .post('/v1/settings/reservations', { body, schema: one('settings', ZReservationSettings) })
        .then((a) => a.settings),
    onSuccess: (settings) => queryClient.setQueryData(reservationKeys.settings(), settings),
  });
}

import { one } from '@club/shared/api';
import { type TReservationCreateBody, ZReservation } from '@club/shared/reservations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { reservationKeys } from '../../../lib/query-keys.ts';

export function createReservation(body: TReservationCreateBody) {
  return api
    .post('/v1/reservation/create', { body, schema: one('reservation', ZReservation) })
    .then((a) => a.reservation);
}

export function useCreateReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReservation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reservationKeys.all }),
  });
}

import { one } from '@club/shared/api';
import { type TReservationMoveBody, ZReservation } from '@club/shared/reservations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { reservationKeys } from '../../../lib/query-keys.ts';

export function cancelReservation(id: number) {
  return api
    .post('/v1/reservation/cancel', { body: { id }, schema: one('reservation', ZReservation) })
    .then((a) => a.reservation);
}

export function moveReservation(body: TReservationMoveBody) {
  return api
    .post('/v1/reservation/move', { body, schema: one('reservation', ZReservation) })
    .then((a) => a.reservation);
}

export function useCancelReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelReservation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reservationKeys.all }),
  });
}

export function useMoveReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveReservation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reservationKeys.all }),
  });
}

import { list } from '@club/shared/api';
import { ZReservation } from '@club/shared/reservations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { reservationKeys } from '../../../lib/query-keys.ts';

export const myReservationsQueryOptions = () =>
  queryOptions({
    queryKey: reservationKeys.mine(),
    queryFn: ({ signal }) => api.get('/v1/reservation/my', { schema: list(ZReservation), signal }).then((a) => a.data),
  });

export const useMyReservations = () => useQuery(myReservationsQueryOptions());

import { list } from '@club/shared/api';
import { ZReservation } from '@club/shared/reservations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { reservationKeys } from '../../../lib/query-keys.ts';

export const dayReservationsQueryOptions = (date: string) =>
  queryOptions({
    queryKey: reservationKeys.day(date),
    queryFn: ({ signal }) =>
      api
        .get(`/v1/reservation/all?date=${encodeURIComponent(date)}`, { schema: list(ZReservation), signal })
        .then((a) => a.data),
    // bookings made on phones meanwhile come by `feed:changed` (reservations) in the admin room
  });

export const useDayReservations = (date: string) => useQuery(dayReservationsQueryOptions(date));

import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { lazySchema } from './api-client.ts';
import { reservationKeys } from './query-keys.ts';

/**
 * The club's hours (for the wall TV) and its time zone (for every screen): read again when
 * staff change them (`feed:changed` in the floor room); whether it is open now is worked out
 * from them on the clock (`openingAt`).
 */
export function useOpeningStatus(enabled = true) {
  return useQuery({
    enabled,
    queryKey: reservationKeys.openingHours(),
    queryFn: ({ signal }) =>
      api
        .get('/v1/settings/opening-hours', {
          schema: lazySchema(() => import('./opening-status-answers.ts'), 'ZOpeningStatusAnswer'),
          signal,
        })
        .then((a) => a.settings),
  });
}

/**
 * The club's time zone, for the times a screen shows of the club's day (a table reserved at
 * 19:00, free at about 21:30): a phone abroad or set to another zone would show its own. Asked
 * only when `needed` (a table has such a time), so the first screen of a club with none waits
 * for nothing; until it is known the device's own zone stands in (nearly always the same).
 */
export function useClubTimeZone(needed: boolean): string | undefined {
  return useOpeningStatus(needed).data?.time_zone;
}

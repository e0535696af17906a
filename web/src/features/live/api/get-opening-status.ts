import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { lazySchema } from '../../../lib/api-client.ts';
import { reservationKeys } from '../../../lib/query-keys.ts';

/**
 * The club's hours for the wall TV: read again when staff change them (`feed:changed` in the
 * floor room); whether it is open now is worked out from them on the clock (`openingAt`).
 */
export function useOpeningStatus() {
  return useQuery({
    queryKey: reservationKeys.openingHours(),
    queryFn: ({ signal }) =>
      api
        .get('/v1/settings/opening-hours', {
          schema: lazySchema(() => import('./answers.ts'), 'ZOpeningStatusAnswer'),
          signal,
        })
        .then((a) => a.settings),
  });
}

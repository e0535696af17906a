import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const MINUTE = 60_000;

/** The club's hours and whether it is open now, for the wall TV: asked again every minute. */
export function useOpeningStatus() {
  return useQuery({
    queryKey: ['opening-status'],
    queryFn: ({ signal }) =>
      api
        .get('/v1/settings/opening-hours', {
          schema: () => import('./answers.ts').then((m) => m.ZOpeningStatusAnswer),
          signal,
        })
        .then((a) => a.settings),
    refetchInterval: MINUTE,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { refetchOnMountUnlessFirstData } from '../../../lib/first-screen.ts';
import { LIVE_REFETCH_MS } from './get-tables.ts';

export function getActiveGame(signal?: AbortSignal) {
  return api
    .get('/v1/game/active', {
      schema: () => import('./answers.ts').then((m) => m.ZActiveGameAnswer),
      ...(signal ? { signal } : {}),
    })
    .then((a) => a.game);
}

/** The game the logged-in person is playing, or null. */
export const activeGameQueryOptions = () =>
  queryOptions({
    queryKey: ['games', 'active'],
    queryFn: ({ signal }) => getActiveGame(signal),
    staleTime: 0,
    refetchOnMount: refetchOnMountUnlessFirstData,
  });

export function useActiveGame({ live = true }: { live?: boolean } = {}) {
  return useQuery({ ...activeGameQueryOptions(), refetchInterval: live ? LIVE_REFETCH_MS : false });
}

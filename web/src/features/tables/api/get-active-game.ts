import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { lazySchema } from '../../../lib/api-client.ts';
import { refetchOnMountUnlessFirstData } from '../../../lib/first-screen.ts';
import { gameKeys } from '../../../lib/query-keys.ts';

export function getActiveGame(signal?: AbortSignal) {
  return api
    .get('/v1/game/active', {
      schema: lazySchema(() => import('./answers.ts'), 'ZActiveGameAnswer'),
      ...(signal ? { signal } : {}),
    })
    .then((a) => a.game);
}

/** The game the logged-in person is playing, or null. */
export const activeGameQueryOptions = () =>
  queryOptions({
    queryKey: gameKeys.active(),
    queryFn: ({ signal }) => getActiveGame(signal),
    staleTime: 0,
    refetchOnMount: refetchOnMountUnlessFirstData,
  });

/** The person's own room's events keep it current. */
export function useActiveGame() {
  return useQuery(activeGameQueryOptions());
}

const tableOf = (game: { table_id: number } | null) => game?.table_id ?? null;

/**
 * The table of the game the person plays (null: none), drawn again only when that changes, not
 * at every change of the game's bill.
 */
export function useActiveGameTable() {
  return useQuery({ ...activeGameQueryOptions(), select: tableOf });
}

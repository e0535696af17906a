import { lineupOf } from '@club/shared/game-seats';
import type { TGame, ZTableWithGame } from '@club/shared/tables';
import type { z } from '@club/shared/zod';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { lazySchema } from '../../../lib/api-client.ts';
import { refetchOnMountUnlessFirstData } from '../../../lib/first-screen.ts';
import { tableKeys } from '../../../lib/query-keys.ts';
import { activeGameQueryOptions } from './get-active-game.ts';

export type TTableWithGame = z.infer<typeof ZTableWithGame>;

export function getTable(id: number, signal?: AbortSignal) {
  return api
    .get(`/v1/table/${id}`, {
      schema: lazySchema(() => import('./answers.ts'), 'ZTableAnswer'),
      ...(signal ? { signal } : {}),
    })
    .then((a) => a.table);
}

/**
 * One table with who plays at it and, for its players and staff, the running game with its bills;
 * the table's room keeps that current, and the floor the lineup (a stranger's view).
 */
export const tableQueryOptions = (id: number) =>
  queryOptions({
    queryKey: tableKeys.one(id),
    queryFn: ({ signal }) => getTable(id, signal),
    staleTime: 0,
    refetchOnMount: refetchOnMountUnlessFirstData,
  });

export function useTable(id: number) {
  return useQuery({
    ...tableQueryOptions(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/**
 * After a game changed (an answer of join, pause, guest, switch): the table's cache takes
 * the new snapshot at once, and every table and the player's own game refresh.
 */
export function applyGame(queryClient: QueryClient, game: TGame): Promise<void> {
  const ended = game.status === 'ended';
  queryClient.setQueryData(tableQueryOptions(game.table_id).queryKey, (old) =>
    old
      ? {
          ...old,
          game: ended ? null : game,
          lineup: lineupOf(game),
          status: game.status === 'ended' ? ('free' as const) : game.status,
        }
      : old,
  );
  queryClient.setQueryData(activeGameQueryOptions().queryKey, ended ? null : game);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: tableKeys.all }),
    queryClient.invalidateQueries({ queryKey: activeGameQueryOptions().queryKey }),
  ]).then(() => undefined);
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { lazySchema } from '../../../lib/api-client.ts';
import { applyGame } from './get-table.ts';

export function joinGame(tableId: number) {
  return api
    .post('/v1/game/join', {
      body: { table_id: tableId },
      schema: lazySchema(() => import('./answers.ts'), 'ZGameAnswer'),
    })
    .then((a) => a.game);
}

/** Joins the game at a table, or starts one at a free table. */
export function useJoinGame() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: joinGame, onSuccess: (game) => applyGame(queryClient, game) });
}

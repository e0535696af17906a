import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { lazySchema } from '../../../lib/api-client.ts';
import { applyGame } from './get-table.ts';

export function switchTable(body: { game_id: number; table_id: number }) {
  return api
    .post('/v1/game/switch-table', { body, schema: lazySchema(() => import('./answers.ts'), 'ZGameAnswer') })
    .then((a) => a.game);
}

/** Moves the caller and their guests to another table; the bill runs on. */
export function useSwitchTable() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: switchTable, onSuccess: (game) => applyGame(queryClient, game) });
}

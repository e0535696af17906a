import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { lazySchema } from '../../../lib/api-client.ts';
import { tableKeys } from '../../../lib/query-keys.ts';
import { activeGameQueryOptions } from './get-active-game.ts';

export function leaveGame(body: { game_id: number; player_id?: number }) {
  return api
    .post('/v1/game/leave', { body, schema: lazySchema(() => import('./answers.ts'), 'ZLeaveAnswer') })
    .then((a) => ({ orderId: a.order_id, closing: a.closing }));
}

/**
 * Leaves with one's guests (→ the id of the new waiting order), or, with `player_id` of one
 * of one's guests, sends only that guest home (→ null); `closing`: the last one out in the
 * club's unstaffed hours.
 */
export function useLeaveGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveGame,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tableKeys.all }),
        queryClient.invalidateQueries({ queryKey: activeGameQueryOptions().queryKey }),
      ]),
  });
}

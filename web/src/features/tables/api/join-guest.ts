import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { lazySchema } from '../../../lib/api-client.ts';
import { myGuestsQueryOptions } from './get-guests.ts';
import { applyGame } from './get-table.ts';

export function joinGuest(body: { game_id: number; name: string }) {
  return api
    .post('/v1/game/join-guest', { body, schema: lazySchema(() => import('./answers.ts'), 'ZGameAnswer') })
    .then((a) => a.game);
}

/** Adds a guest by name to the caller's game; their time goes on the caller's bill. */
export function useJoinGuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinGuest,
    onSuccess: (game) =>
      Promise.all([
        applyGame(queryClient, game),
        queryClient.invalidateQueries({ queryKey: myGuestsQueryOptions().queryKey }),
      ]),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { lazySchema } from '../../../lib/api-client.ts';
import { applyGame } from './get-table.ts';

export function setPaused({ gameId, paused }: { gameId: number; paused: boolean }) {
  return api
    .post(paused ? '/v1/game/pause' : '/v1/game/unpause', {
      body: { game_id: gameId },
      schema: lazySchema(() => import('./answers.ts'), 'ZGameAnswer'),
    })
    .then((a) => a.game);
}

/** Pauses or resumes the game for everyone at the table. */
export function useSetPaused() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setPaused, onSuccess: (game) => applyGame(queryClient, game) });
}

import { one } from '@club/shared/api';
import { ZGame } from '@club/shared/tables';
import { z } from '@club/shared/zod';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useLive } from '../lib/live-context.tsx';

export function setGamePaused({ gameId, paused }: { gameId: number; paused: boolean }) {
  return api
    .post(paused ? '/v1/game/pause' : '/v1/game/unpause', { body: { game_id: gameId }, schema: one('game', ZGame) })
    .then((a) => a.game);
}

/** Removes a player (a host with their guests); answers the id of the order their time became. */
export function kickPlayer({ gameId, playerId }: { gameId: number; playerId: number }) {
  return api
    .post('/v1/game/kick', {
      body: { game_id: gameId, player_id: playerId },
      schema: one('order_id', z.number().int().nullable()),
    })
    .then((a) => a.order_id);
}

/**
 * Ends a game the only way the kiosk knows: every host still seated is kicked (their
 * guests go with them), one after the other.
 */
export async function endGame({ gameId, hostIds }: { gameId: number; hostIds: number[] }) {
  for (const playerId of hostIds) await kickPlayer({ gameId, playerId });
}

/**
 * The floor plan's actions. The admin room's events bring the result to every screen;
 * when the socket is away, a sync afterwards brings it here.
 */
function useAfterwards() {
  const live = useLive();
  return () => {
    if (live.status() !== 'connected') live.sync('admin');
  };
}

export function useSetGamePaused() {
  const after = useAfterwards();
  return useMutation({ mutationFn: setGamePaused, onSuccess: after });
}

export function useKickPlayer() {
  const after = useAfterwards();
  return useMutation({ mutationFn: kickPlayer, onSuccess: after });
}

export function useEndGame() {
  const after = useAfterwards();
  return useMutation({ mutationFn: endGame, onSettled: after });
}

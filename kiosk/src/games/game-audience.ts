import { AppError } from '@club/shared/errors';
import { playedIn } from '@club/shared/game-seats';
import type { TGame } from '@club/shared/tables';
import type { AuthInfo } from '../http/context.ts';

/**
 * A game's bills, prices and prepaid hours are its own players' (the ones there now and those
 * who left: their bill is in it) and staff's. Anyone else sees the lineup (`lineupOf`).
 */
export const mayReadGame = (me: AuthInfo, game: TGame): boolean => me.isAdmin || playedIn(game, me.userId);

/** The game for a reader who may see it; anyone else is refused with `error.forbidden`. */
export function gameFor(me: AuthInfo, game: TGame): TGame {
  if (!mayReadGame(me, game)) throw new AppError('error.forbidden');
  return game;
}

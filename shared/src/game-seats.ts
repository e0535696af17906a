/**
 * Who may see a game's bills (DESIGN §5): its own players and staff. Anyone else logged in sees
 * its lineup, names without money. Without zod, for the web's first download.
 */
import type { TGame, TGameLineup, TPlayer } from './tables.ts';

/** The person's seat at the game now (joined, not left, kicked or switched); undefined: none. */
export const seatOf = (game: TGame, userId: number): TPlayer | undefined =>
  game.players.find((p) => p.user_id === userId && p.status === 'joined');

/** Whether the person sits at the game now. */
export const seatedIn = (game: TGame, userId: number): boolean => seatOf(game, userId) !== undefined;

/** Whether the person had a seat in the game, now or earlier (their own bill is in it). */
export const playedIn = (game: TGame, userId: number): boolean => game.players.some((p) => p.user_id === userId);

/** Who plays a running game, as anyone may see it; null for none or an ended one. */
export function lineupOf(game: TGame | null | undefined): TGameLineup | null {
  if (!game || game.status === 'ended') return null;
  return {
    game_id: game.id,
    status: game.status,
    started_at: game.started_at,
    players: game.players
      .filter((p) => p.status === 'joined')
      .map((p) => ({ id: p.id, name: p.name, guest_of: p.guest_of })),
  };
}

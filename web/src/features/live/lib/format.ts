import { computeBill } from '@club/shared/bill';
import type { TGame, TPlayer } from '@club/shared/tables';

/** `4:05` or `1:04:05`: time since a start, from milliseconds (never negative). */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

/** Milliseconds since an ISO time, at `now` (server clock). */
export const since = (iso: string | null, now: number) => (iso ? Math.max(0, now - Date.parse(iso)) : 0);

export interface LivePlayer {
  player: TPlayer;
  total: number;
  minutes: number;
  guests: { player: TPlayer; total: number; minutes: number }[];
}

/**
 * The seated hosts of a game with their seated guests and running totals at `now`,
 * computed with the kiosk's own billing function (DESIGN §6).
 */
export function livePlayers(game: TGame, now: number): LivePlayer[] {
  const billOf = (player: TPlayer) => {
    const bill = computeBill(player.billing, now);
    return { player, total: bill.total, minutes: bill.minutes };
  };
  const seated = game.players.filter((p) => p.status === 'joined');
  return seated
    .filter((p) => p.guest_of === null || !seated.some((h) => h.id === p.guest_of))
    .map((host) => ({ ...billOf(host), guests: seated.filter((g) => g.guest_of === host.id).map(billOf) }));
}

/** Everyone seated at the table: what the table has run up so far. */
export function tableTotal(players: LivePlayer[]): number {
  return players.reduce((sum, p) => sum + p.total + p.guests.reduce((s, g) => s + g.total, 0), 0);
}

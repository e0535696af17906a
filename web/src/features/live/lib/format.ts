import { fixedDiscountAt } from '@club/shared/bill';
import type { TFloorTable } from '@club/shared/realtime';
import type { TGame, TPlayer, TTableStatus } from '@club/shared/tables';
import { liveBill } from '../../../lib/live-bill.ts';

/** Milliseconds since an ISO time, at `now` (server clock). */
export const since = (iso: string | null, now: number) => (iso ? Math.max(0, now - Date.parse(iso)) : 0);

export interface LivePlayer {
  player: TPlayer;
  total: number;
  minutes: number;
  guests: { player: TPlayer; total: number; minutes: number }[];
  /** a fixed amount off the host's and guests' time together, as their order will get it */
  discount: number;
}

/**
 * The seated hosts of a game with their seated guests and running totals at `now`,
 * computed with the kiosk's own billing function (DESIGN §6).
 */
export function livePlayers(game: TGame, now: number): LivePlayer[] {
  const billOf = (player: TPlayer) => {
    const bill = liveBill(game, player, now);
    return { player, total: bill.total, minutes: bill.minutes };
  };
  const seated = game.players.filter((p) => p.status === 'joined');
  return seated
    .filter((p) => p.guest_of === null || !seated.some((h) => h.id === p.guest_of))
    .map((host) => {
      const own = billOf(host);
      const guests = seated.filter((g) => g.guest_of === host.id).map(billOf);
      const time = own.total + guests.reduce((sum, g) => sum + g.total, 0);
      return { ...own, guests, discount: fixedDiscountAt(host.billing, now, time) };
    });
}

/** Everyone seated at the table: what the table has run up so far. */
export function tableTotal(players: LivePlayer[]): number {
  return players.reduce((sum, p) => sum + p.total + p.guests.reduce((s, g) => s + g.total, 0) - p.discount, 0);
}

/** A table's status as the floor shows it: closed when switched off. */
export type FloorStatus = TTableStatus | 'closed';

/** A table's state by its look: a free table that is switched off is closed. */
export const floorStatus = (table: Pick<TFloorTable, 'active' | 'status'>): FloorStatus =>
  !table.active && table.status === 'free' ? 'closed' : table.status;

/**
 * What staff read as a table's state: a free table held for a waitlist party is held, not
 * free (nobody who walks up may take it).
 */
export function floorStatusKey(
  table: Pick<TFloorTable, 'active' | 'status' | 'held_for'>,
): `live.status.${FloorStatus | 'held'}` {
  const status = floorStatus(table);
  return status === 'free' && table.held_for ? 'live.status.held' : `live.status.${status}`;
}

import { computeBill, playerBillingInput } from '@club/shared/bill';
import { ADMIN_ROOM, type TTickPlayer, tableRoom } from '@club/shared/realtime';
import type { TGame } from '@club/shared/tables';
import type { FanOut } from './fan-out.ts';
import type { Leader } from './leader.ts';
import type { LiveView } from './live-view.ts';
import type { Peers } from './peers.ts';

/**
 * The players of a game whose minute changed since `lastMinutes` said (moving it on), or none.
 * A player first seen starts from the minutes the kiosk described.
 */
export function dueTicks(game: TGame, at: number, lastMinutes: Map<number, number>): TTickPlayer[] {
  const changed: TTickPlayer[] = [];
  for (const player of game.players) {
    if (player.status !== 'joined') continue;
    const bill = computeBill(playerBillingInput(game, player.billing), at);
    const last = lastMinutes.get(player.id);
    if (last === undefined) {
      lastMinutes.set(player.id, player.minutes);
      if (bill.minutes === player.minutes) continue;
    } else if (last === bill.minutes) continue;
    lastMinutes.set(player.id, bill.minutes);
    changed.push({ id: player.id, minutes: bill.minutes, total: bill.total });
  }
  return changed;
}

/**
 * The ticker sends each player's total when a minute boundary passes. Only the ticker moves
 * its minutes on, and tells the other gateways what it sent: one that takes over ticks what
 * nobody sent yet (a boundary passed during the handover), not less and not again.
 */
export function createTicker(deps: {
  view: LiveView;
  fanOut: FanOut;
  peers: Peers;
  leader: Leader;
  now: () => number;
}) {
  const { view, fanOut } = deps;
  let ticks = 0;
  return {
    count: () => ticks,
    tick() {
      const at = deps.now();
      const leading = deps.leader.isLeader();
      const seen = new Set<number>();
      const sent: [number, number][] = [];
      for (const game of view.games.values()) {
        if (game.status === 'ended') continue;
        for (const player of game.players) if (player.status === 'joined') seen.add(player.id);
        if (!leading) continue;
        const changed = dueTicks(game, at, view.lastMinutes);
        if (!changed.length) continue;
        ticks += changed.length;
        for (const p of changed) sent.push([p.id, p.minutes]);
        for (const room of [tableRoom(game.table_id), ADMIN_ROOM])
          fanOut.tick(room, { game_id: game.id, table_id: game.table_id, players: changed });
      }
      deps.peers.ticked(sent);
      const { lastMinutes } = view;
      if (lastMinutes.size > seen.size) for (const id of lastMinutes.keys()) if (!seen.has(id)) lastMinutes.delete(id);
    },
  };
}

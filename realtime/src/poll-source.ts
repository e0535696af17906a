import {
  changedIds,
  parseKioskEvent,
  SNAPSHOT_EVENTS,
  type TKioskRead,
  type TKioskSnapshot,
} from '@club/shared/realtime';
import type { TGame, TPlayer } from '@club/shared/tables';
import { tablesOfGames } from './carried-tables.ts';
import { diffSnapshots, unseatedBetween } from './diff.ts';
import type { FanOut } from './fan-out.ts';
import type { KioskClient } from './kiosk-client.ts';
import type { Leader } from './leader.ts';
import type { LiveView } from './live-view.ts';

/** Players who left a game between two snapshots, with the order each one's time went to. */
interface Unseated {
  game: number;
  player: TPlayer;
}

/**
 * Poll mode: the gateway reads the kiosk's snapshot on a timer and turns the difference
 * between two into the events a webhook would have carried. Only the ticking gateway emits; every
 * gateway keeps its live view.
 */
export function createPollSource(deps: {
  kiosk: KioskClient;
  view: LiveView;
  fanOut: FanOut;
  leader: Leader;
  now: () => number;
}) {
  const { kiosk, view, fanOut } = deps;
  let lastPolled: TKioskSnapshot | null = null;
  /** the order and notification events up to here were looked at */
  let eventsAfter = 0;

  /** Ended games as they ended, and every player who left, with their order. */
  async function readUnseated(prev: TKioskSnapshot, diff: ReturnType<typeof diffSnapshots>, emitting: boolean) {
    const gamesToRead = new Set([...diff.endedGames, ...diff.unseated.map((u) => u.game_id)]);
    const first = gamesToRead.size && emitting ? await kiosk.read({ game_ids: [...gamesToRead] }) : null;
    const previousGames = new Map(prev.games.map((g) => [g.id, g]));
    const ended = first ? first.games.filter((g) => diff.endedGames.includes(g.id)) : [];
    const unseated: Unseated[] = [
      ...diff.unseated.map((u) => ({ game: u.game_id, player: u.player })),
      ...ended.flatMap((g) => unseatedBetween(previousGames.get(g.id), g).map((player) => ({ game: g.id, player }))),
    ];
    const orderOf = new Map((first?.player_orders ?? []).map((p) => [p.player_id, p.order_id]));
    return { ended, unseated, orderOf };
  }

  /** Orders (paid, approved, moved) and notifications show in no snapshot: their events do. */
  async function readTold(next: TKioskSnapshot, orderIds: number[], emitting: boolean): Promise<TKioskRead | null> {
    const told = emitting ? changedIds(next.events) : { order_ids: [], notification_ids: [] };
    const ids = [...new Set([...orderIds, ...told.order_ids])];
    return ids.length || told.notification_ids.length
      ? await kiosk.read({ order_ids: ids, notification_ids: told.notification_ids })
      : null;
  }

  function sendDifference(
    next: TKioskSnapshot,
    diff: ReturnType<typeof diffSnapshots>,
    found: Awaited<ReturnType<typeof readUnseated>>,
    more: TKioskRead | null,
  ) {
    const s = next.seq;
    fanOut.startRound();
    const changedGames: TGame[] = [...diff.games, ...found.ended];
    const carried = tablesOfGames(changedGames, diff.tables);
    if (diff.removedTables.length) fanOut.floor(s);
    for (const table of diff.tables) fanOut.table(table, s, carried.tableIds.has(table.id));
    for (const game of changedGames) {
      const table = carried.byGame.get(game.id);
      fanOut.game(game, s, table !== undefined);
      if (table) fanOut.carried(game, table, s);
    }
    for (const { game, player } of found.unseated) {
      if (player.status !== 'kicked') continue;
      const order_id = found.orderOf.get(player.id) ?? null;
      const tableId =
        next.games.find((g) => g.id === game)?.table_id ?? found.ended.find((g) => g.id === game)?.table_id;
      fanOut.kick({ game_id: game, player_id: player.id, user_id: player.user_id, order_id }, tableId, s);
    }
    for (const order of more?.orders ?? []) fanOut.order(order, s);
    const at = deps.now();
    for (const note of more?.notifications ?? []) fanOut.notification(note, at, s);
    for (const event of next.events) {
      const known = parseKioskEvent(event);
      if (known?.type === 'waitlist.updated') fanOut.waitlist(known.payload.user_ids, s);
      if (known?.type === 'waitlist.offered') fanOut.offer(known.payload, s);
      if (known?.type === 'feed.changed') fanOut.feed(known.payload, s);
    }
  }

  return {
    /** The first snapshot: polling goes on from it. */
    startFrom(snapshot: TKioskSnapshot) {
      lastPolled = snapshot;
      eventsAfter = snapshot.seq;
    },

    async round() {
      const next = await kiosk.snapshot(eventsAfter);
      const prev = lastPolled;
      if (!prev || next.seq === prev.seq) {
        lastPolled = next;
        if (!prev) view.absorbSnapshot(next);
        return;
      }
      // with several gateways, only the ticking gateway turns differences into events
      const emitting = deps.leader.isLeader();
      const diff = diffSnapshots(prev, next);
      const found = await readUnseated(prev, diff, emitting);
      const orderIds = found.unseated.map((u) => found.orderOf.get(u.player.id)).filter((id) => id !== undefined);
      const more = await readTold(next, orderIds, emitting);
      lastPolled = next;
      eventsAfter = next.events.length >= SNAPSHOT_EVENTS ? next.events.at(-1)!.id : next.seq;
      view.absorbSnapshot(next);
      if (emitting) sendDifference(next, diff, found, more);
    },
  };
}

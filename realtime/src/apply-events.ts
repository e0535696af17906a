import { changesOf, parseKioskEvent, type TKioskEvent, type TKioskRead, userRoom } from '@club/shared/realtime';
import type { AuthCache } from './auth.ts';
import { tablesOfGames } from './carried-tables.ts';
import type { FanOut, FeedChange, Kick, WaitlistOffer } from './fan-out.ts';
import type { KioskClient } from './kiosk-client.ts';
import type { LiveView } from './live-view.ts';
import type { Peers } from './peers.ts';
import type { GatewayServer, Logger } from './socket-server.ts';

/** What a batch of events changed, each with the newest event (its sequence number) that says so. */
export interface Changes {
  tables: Map<number, number>;
  games: Map<number, number>;
  orders: Map<number, number>;
  notifications: Map<number, number>;
  kicks: (Kick & { seq: number })[];
  revoked: Set<number>;
  /** the waitlist: the line changed (who to tell), and tables offered */
  lines: { seq: number; userIds: number[] }[];
  offers: (WaitlistOffer & { seq: number })[];
  /** feeds whose data changed, for their audience to read again */
  feeds: (FeedChange & { seq: number })[];
}

/** The events of a batch still to apply: new ids only, once each, in order. */
export function freshEvents(events: TKioskEvent[], view: LiveView): TKioskEvent[] {
  return events
    .filter((e) => view.isNew(e.id))
    .sort((a, b) => a.id - b.id)
    .filter((e, i, all) => i === 0 || all[i - 1]!.id !== e.id);
}

/** What the events change; an event the gateway does not know is skipped (`onUnknown`). */
export function collectChanges(events: TKioskEvent[], onUnknown: (event: TKioskEvent) => void): Changes {
  const changes: Changes = {
    tables: new Map(),
    games: new Map(),
    orders: new Map(),
    notifications: new Map(),
    kicks: [],
    revoked: new Set(),
    lines: [],
    offers: [],
    feeds: [],
  };
  for (const event of events) {
    const known = parseKioskEvent(event);
    if (!known) {
      onUnknown(event);
      continue;
    }
    const named = changesOf(known);
    for (const id of named.tables) changes.tables.set(id, event.id);
    for (const id of named.games) changes.games.set(id, event.id);
    for (const id of named.orders) changes.orders.set(id, event.id);
    for (const id of named.notifications) changes.notifications.set(id, event.id);
    if (known.type === 'player.kicked') changes.kicks.push({ seq: event.id, ...known.payload });
    if (known.type === 'session.revoked') changes.revoked.add(known.payload.user_id);
    if (known.type === 'waitlist.updated') changes.lines.push({ seq: event.id, userIds: known.payload.user_ids });
    if (known.type === 'waitlist.offered') changes.offers.push({ seq: event.id, ...known.payload });
    if (known.type === 'feed.changed') changes.feeds.push({ seq: event.id, ...known.payload });
  }
  return changes;
}

const namesAny = (c: Changes) => c.tables.size || c.games.size || c.orders.size || c.notifications.size;

type Send = { seq: number; run: () => void };

/**
 * The sends a read of the changes makes, each in its event's turn; the live view takes the
 * read in. `removedTables`: the tables the read no longer has.
 */
function planSends(read: TKioskRead, changes: Changes, view: LiveView, fanOut: FanOut, at: number) {
  const sends: Send[] = [];
  const removedTables: number[] = [];
  for (const g of read.games) if (changes.games.has(g.id)) view.absorbGame(g);
  const found = new Map(read.tables.map((t) => [t.id, t]));
  for (const t of read.tables) view.tables.set(t.id, t);
  const changedGames = read.games.filter((g) => changes.games.has(g.id));
  const carried = tablesOfGames(
    changedGames,
    read.tables.filter((t) => changes.tables.has(t.id)),
  );
  for (const [id, s] of changes.tables) {
    const table = found.get(id);
    if (table) sends.push({ seq: s, run: () => fanOut.table(view.viewOf(table), s, carried.tableIds.has(id)) });
    else if (view.tables.delete(id)) {
      removedTables.push(id);
      sends.push({ seq: s, run: () => fanOut.floor(s) });
    }
  }
  for (const game of changedGames) {
    const s = changes.games.get(game.id)!;
    const table = carried.byGame.get(game.id);
    sends.push({ seq: s, run: () => fanOut.game(game, s, table !== undefined) });
    if (table) {
      const both = Math.max(s, changes.tables.get(table.id)!);
      sends.push({ seq: both, run: () => fanOut.carried(game, view.viewOf(table), both) });
    }
  }
  for (const order of read.orders) {
    const s = changes.orders.get(order.id);
    if (s !== undefined) sends.push({ seq: s, run: () => fanOut.order(order, s) });
  }
  for (const note of read.notifications) {
    const s = changes.notifications.get(note.id);
    if (s !== undefined) sends.push({ seq: s, run: () => fanOut.notification(note, at, s) });
  }
  return { sends, removedTables };
}

/**
 * Applies kiosk events (webhook mode): reads what they changed (unless the kiosk sent it along),
 * takes it into the live view and sends it to the rooms in sequence order. Each id once.
 */
export function createEventApplier(deps: {
  io: GatewayServer;
  kiosk: KioskClient;
  auth: AuthCache;
  view: LiveView;
  fanOut: FanOut;
  peers: Peers;
  logger: Logger;
  now: () => number;
}) {
  const { view, fanOut, kiosk } = deps;
  const counters = { applied: 0, skipped: 0 };

  async function apply(events: TKioskEvent[], given?: TKioskRead) {
    const fresh = freshEvents(events, view);
    const skipped = events.length - fresh.length;
    counters.skipped += skipped;
    if (!fresh.length) return { applied: 0, skipped };
    const changes = collectChanges(fresh, (event) =>
      deps.logger.debug({ id: event.id, type: event.type }, 'kiosk event not for the gateway; skipped'),
    );
    // the kiosk usually sends what changed with the events; otherwise ask it
    const read = namesAny(changes)
      ? (given ??
        (await kiosk.read({
          table_ids: [...changes.tables.keys()],
          game_ids: [...changes.games.keys()],
          order_ids: [...changes.orders.keys()],
          notification_ids: [...changes.notifications.keys()],
        })))
      : null;

    fanOut.startRound();
    const { sends, removedTables } = read
      ? planSends(read, changes, view, fanOut, deps.now())
      : { sends: [], removedTables: [] };
    for (const kick of changes.kicks) {
      const tableId = read?.games.find((g) => g.id === kick.game_id)?.table_id;
      sends.push({ seq: kick.seq, run: () => fanOut.kick(kick, tableId, kick.seq) });
    }
    for (const line of changes.lines) sends.push({ seq: line.seq, run: () => fanOut.waitlist(line.userIds, line.seq) });
    for (const offer of changes.offers) sends.push({ seq: offer.seq, run: () => fanOut.offer(offer, offer.seq) });
    for (const feed of changes.feeds) sends.push({ seq: feed.seq, run: () => fanOut.feed(feed, feed.seq) });
    sends.sort((a, b) => a.seq - b.seq);
    for (const send of sends) send.run();

    for (const userId of changes.revoked) {
      deps.auth.forgetUser(userId);
      // the user's sockets reconnect and show their token again; a revoked one is refused
      deps.io.in(userRoom(userId)).disconnectSockets(true);
    }

    const ids = fresh.map((e) => e.id);
    for (const id of ids) view.remember(id);
    view.seq = Math.max(view.seq, ids.at(-1)!, read?.seq ?? 0);
    counters.applied += ids.length;
    deps.peers.applied(ids, read, removedTables, fanOut.touched());
    return { applied: ids.length, skipped };
  }

  return { apply, counters };
}

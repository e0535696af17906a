import { seatedIn } from '@club/shared/game-seats';
import { topicOf } from '@club/shared/live-events';
import type { TOrder } from '@club/shared/orders';
import {
  ADMIN_ROOM,
  FLOOR_ROOM,
  LIVE_FEEDS,
  MEMBERS_ROOM,
  type ServerPayload,
  type ServerToClientEvents,
  STAFF_ROOM,
  type TFloorTable,
  type TLiveFeed,
  tableRoom,
  userRoom,
} from '@club/shared/realtime';
import type { TGame } from '@club/shared/tables';
import type { LiveView } from './live-view.ts';
import { type KioskNotification, notificationRoom, toNotification } from './notification-rooms.ts';
import type { GatewayServer } from './socket-server.ts';

type Emittable = keyof ServerToClientEvents;
type Body<E extends Emittable> = Omit<ServerPayload<E>, 'room' | 'seq' | 'prev_seq'>;

/** A kicked player, as a webhook event or a polled difference names them. */
export interface Kick {
  game_id: number;
  player_id: number;
  user_id: number | null;
  order_id: number | null;
}

/** A table offered to a waitlist party, as the kiosk's event names it. */
export interface WaitlistOffer {
  entry_id: number;
  user_id: number | null;
  table_id: number;
  expires_at: string;
}

/** A feed's change, as the kiosk's event names it. */
export interface FeedChange {
  feed: TLiveFeed;
  user_ids?: number[] | undefined;
}

/** The rooms that hear of a feed's change: its audience (LIVE_FEEDS), never anyone else. */
export function feedRooms(change: FeedChange): string[] {
  switch (LIVE_FEEDS[change.feed]) {
    case 'staff':
      return [ADMIN_ROOM];
    case 'named':
      return (change.user_ids ?? []).map(userRoom);
    case 'members':
      return [MEMBERS_ROOM];
    case 'everyone':
      return [FLOOR_ROOM];
  }
}

/**
 * Sends to the rooms that may see a change, each payload stamped with its sequence number and
 * the room's previous one (a client that sees a gap asks for `sync`). `shared`: other gateways
 * share the rooms (an adapter), so a room empty here may have sockets there.
 */
export function createFanOut(io: GatewayServer, view: LiveView, options: { shared?: boolean } = {}) {
  /** the rooms sent to since `startRound`, with their newest sequence number (for the peers) */
  let touched = new Map<string, number>();
  // a room nobody is in is not sent to (its message would be encoded for no one): most tables
  // have no phone watching, and the staff screen is often closed. Its sequence number still moves.
  const heard = (room: string) => options.shared === true || (io.of('/').adapter.rooms.get(room)?.size ?? 0) > 0;

  function send<E extends Emittable>(room: string, event: E, body: Body<E>, eventSeq: number) {
    const prev = view.roomSeqs.get(room) ?? null;
    if (prev === null || eventSeq > prev) {
      view.roomSeqs.set(room, eventSeq);
      touched.set(room, eventSeq);
    }
    view.noteTopic(room, topicOf(event, body as { feed?: TLiveFeed }), eventSeq);
    if (!heard(room)) return;
    const payload = { ...body, room, seq: eventSeq, prev_seq: prev };
    (io.to(room).emit as (event: string, payload: unknown) => boolean)(event, payload);
  }

  /** the players whose sockets left their table's room already (of games still running) */
  const unseated = new Set<number>();
  /**
   * The table's room carries its game's bills: a player who left, switched or was kicked stops
   * hearing it, after this last update of their own seat (staff keep it; DESIGN §5).
   */
  function unseat(game: TGame) {
    for (const player of game.players) {
      if (player.status === 'joined' || player.user_id === null || unseated.has(player.id)) continue;
      unseated.add(player.id);
      // one who left and sat down again in the same game keeps hearing it under the new seat
      if (seatedIn(game, player.user_id)) continue;
      io.in(userRoom(player.user_id)).except(STAFF_ROOM).socketsLeave(tableRoom(game.table_id));
    }
    if (game.status === 'ended') for (const player of game.players) unseated.delete(player.id);
  }

  return {
    startRound() {
      touched = new Map();
    },
    touched: () => [...touched],

    /**
     * `carried`: the table changed with its game, and the table's room hears of both in one
     * `game:updated` (`carried`); the other rooms get each as before.
     */
    table(view: TFloorTable, eventSeq: number, carried = false) {
      for (const room of carried ? [FLOOR_ROOM, ADMIN_ROOM] : [FLOOR_ROOM, tableRoom(view.id), ADMIN_ROOM])
        send(room, 'table:updated', { table: view }, eventSeq);
    },

    floor(eventSeq: number) {
      const all = view.floorTables();
      for (const room of [FLOOR_ROOM, ADMIN_ROOM]) send(room, 'floor:snapshot', { tables: all }, eventSeq);
    },

    game(game: TGame, eventSeq: number, carried = false) {
      for (const room of carried ? [ADMIN_ROOM] : [tableRoom(game.table_id), ADMIN_ROOM])
        send(room, 'game:updated', { game }, eventSeq);
      if (!carried) unseat(game);
    },

    /**
     * A game and its table that changed together, to the table's room as one message (one frame
     * per phone, not two), as new as the newer of the two: sent in that one's turn.
     */
    carried(game: TGame, table: TFloorTable, eventSeq: number) {
      send(tableRoom(game.table_id), 'game:updated', { game, table }, eventSeq);
      unseat(game);
    },

    /** The kicked player's sockets lose the table's room (its bills); staff keep it. */
    kick(kick: Kick, tableId: number | undefined, eventSeq: number) {
      const body = { game_id: kick.game_id, player_id: kick.player_id, order_id: kick.order_id };
      if (kick.user_id !== null) {
        send(userRoom(kick.user_id), 'player:kicked', body, eventSeq);
        if (tableId !== undefined) io.in(userRoom(kick.user_id)).except(STAFF_ROOM).socketsLeave(tableRoom(tableId));
      }
      send(ADMIN_ROOM, 'player:kicked', body, eventSeq);
    },

    order(order: TOrder, eventSeq: number) {
      if (order.user_id !== null) send(userRoom(order.user_id), 'order:updated', { order }, eventSeq);
      send(ADMIN_ROOM, 'order:updated', { order }, eventSeq);
    },

    /** A new notification to those who see it now (`at`); one not yet or no longer shown goes nowhere. */
    notification(note: KioskNotification, at: number, eventSeq: number) {
      const room = notificationRoom(note, at);
      if (room) send(room, 'notification:new', { notification: toNotification(note) }, eventSeq);
    },

    /** The line changed: staff and the people in it read it again. */
    waitlist(userIds: number[], eventSeq: number) {
      for (const id of userIds) send(userRoom(id), 'waitlist:updated', {}, eventSeq);
      send(ADMIN_ROOM, 'waitlist:updated', {}, eventSeq);
    },

    /** A table held for a person's party: their phones show the offer at once. */
    offer(offer: WaitlistOffer, eventSeq: number) {
      if (offer.user_id === null) return;
      const body = { entry_id: offer.entry_id, table_id: offer.table_id, expires_at: offer.expires_at };
      send(userRoom(offer.user_id), 'waitlist:offer', body, eventSeq);
    },

    /** A feed's data changed: its audience reads it again. */
    feed(change: FeedChange, eventSeq: number) {
      for (const room of feedRooms(change)) send(room, 'feed:changed', { feed: change.feed }, eventSeq);
    },

    /** A tick repeats the room's sequence number: it is no event, and no gap. */
    tick(room: string, body: Body<'game:tick'>) {
      if (!heard(room)) return;
      const s = view.roomSeqs.get(room) ?? view.seq;
      io.to(room).emit('game:tick', { ...body, room, seq: s, prev_seq: s });
    },
  };
}

export type FanOut = ReturnType<typeof createFanOut>;

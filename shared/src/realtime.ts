/**
 * The realtime contract (DESIGN §5): room names, the typed Socket.IO event maps that the
 * gateway and the web client share, the schemas of every inbound payload and snapshot
 * (the envelope of the events the kiosk delivers to the gateway: realtime-kiosk.ts).
 *
 * Realtime is a hint, the database is the truth: every payload carries the kiosk's sequence
 * number (`seq`, the id of the outbox event behind it) and `prev_seq`, the sequence number
 * of the previous event sent to the same room. A client keeps the last `seq` it saw per
 * room; `prev_seq > last` means it missed something, and it asks for `sync`.
 */

import { ZTableLight } from './devices.ts';
import type { ErrorKey } from './errors.ts';
import type { LiveEventName } from './live-events.ts';
import { LIVE_FEED_NAMES } from './live-feeds.ts';
import { ZNotification } from './notifications.ts';
import { ZOrder } from './orders.ts';
import { parseRoom } from './rooms.ts';
import { TABLE_STATUSES, type TGame, type TTable, ZGame, ZTableHold } from './tables.ts';
import { z } from './zod.ts';

// --- rooms ---------------------------------------------------------------------------

// the names without zod, for the web's first download
export {
  ADMIN_ROOM,
  FLOOR_ROOM,
  MEMBERS_ROOM,
  parseRoom,
  type Room,
  roleRoom,
  roomName,
  STAFF_ROOM,
  tableRoom,
  userRoom,
} from './rooms.ts';

export const ZRoomName = z
  .string()
  .max(24)
  .refine((name) => parseRoom(name) !== null, { message: 'validation.room' });

/** `subscribe`, `unsubscribe` and `sync` all take `{ room }`. */
export const ZRoomRequest = z.strictObject({ room: ZRoomName });
export type TRoomRequest = z.infer<typeof ZRoomRequest>;

// --- what the rooms see ---------------------------------------------------------------

/**
 * A table as the `floor` room (the wall TV, anyone) sees it: status, seats and the game's
 * start, never a player's name, e-mail or any money.
 */
export const ZFloorTable = z
  .object({
    id: z.number().int(),
    name: z.string(),
    capacity: z.number().int(),
    active: z.boolean(),
    x: z.number(),
    y: z.number(),
    status: z.enum(TABLE_STATUSES),
    players_count: z.number().int(),
    free_seats: z.number().int(),
    game_id: z.number().int().nullable(),
    /** when the running game started (ISO), for the elapsed time; null when free */
    started_at: z.string().nullable(),
    // reservations and out-of-order tables (DESIGN §13); the reason stays with staff. A
    // gateway older than them leaves them out: read as in order and not reserved.
    out_of_order: z.boolean().default(false),
    reserved_from: z.string().nullable().default(null),
    /** when the running game is expected to end (ISO); null when free */
    predicted_free_at: z.string().nullable(),
    /** held for a waitlist party (no names): its entry, size and until when */
    held_for: ZTableHold.nullable(),
    /** the light as its device reported it (DESIGN §14); null: no light. An older gateway leaves it out. */
    light: ZTableLight.nullable().optional(),
  })
  .meta({ id: 'FloorTable' });
export type TFloorTable = z.infer<typeof ZFloorTable>;

/** The public view of a table with its live game (if any). */
export function toFloorTable(table: TTable, game: TGame | null | undefined): TFloorTable {
  const live = game && game.status !== 'ended' && game.id === table.game_id ? game : null;
  return {
    id: table.id,
    name: table.name,
    capacity: table.capacity,
    active: table.active,
    x: table.x,
    y: table.y,
    status: table.status,
    players_count: table.players_count,
    free_seats: Math.max(0, table.capacity - table.players_count),
    game_id: table.game_id,
    started_at: live ? live.started_at : null,
    out_of_order: table.out_of_order,
    reserved_from: table.reserved_from,
    predicted_free_at: table.predicted_free_at,
    held_for: table.held_for,
    light: table.light ?? null,
  };
}

const stamp = {
  room: z.string(),
  /** the kiosk's sequence number of the change behind this payload */
  seq: z.number().int(),
  /** the sequence number of the previous event sent to this room (null: unknown) */
  prev_seq: z.number().int().nullable(),
};

const snapshotStamp = {
  room: z.string(),
  /** everything up to this kiosk sequence number is in the snapshot */
  seq: z.number().int(),
  server_time: z.string(),
  /**
   * The newest event sent to this room before the snapshot (for a member's own room, also to
   * everyone logged in and to their role): a client whose reads hold every change up to it
   * (`read_seq` of the kiosk's answers) missed nothing before it joined. Absent where the
   * gateway cannot know it (it shares its rooms with other gateways).
   */
  room_seq: z.number().int().optional(),
  /**
   * The same by kind of event (`topicOf`: an event's name, a feed's change as `feed:<feed>`):
   * `last` the newest of each kind sent since `from`, any other kind sent at `from` or before.
   * A client whose reads do not hold `room_seq` reads again only what the newer kinds refresh.
   * Absent where `room_seq` is.
   */
  heard: z.object({ from: z.number().int(), last: z.record(z.string(), z.number().int()) }).optional(),
};

export const ZFloorSnapshot = z.object({
  kind: z.literal('floor'),
  ...snapshotStamp,
  tables: z.array(ZFloorTable),
});
export const ZTableSnapshot = z.object({
  kind: z.literal('table'),
  ...snapshotStamp,
  table: ZFloorTable,
  game: ZGame.nullable(),
});
export const ZUserSnapshot = z.object({
  kind: z.literal('user'),
  ...snapshotStamp,
  /** the user's live game, if they play */
  game: ZGame.nullable(),
});
export const ZAdminSnapshot = z.object({
  kind: z.literal('admin'),
  ...snapshotStamp,
  tables: z.array(ZFloorTable),
  games: z.array(ZGame),
});
export const ZRoomSnapshot = z
  .discriminatedUnion('kind', [ZFloorSnapshot, ZTableSnapshot, ZUserSnapshot, ZAdminSnapshot])
  .meta({ id: 'RoomSnapshot' });
export type TFloorSnapshot = z.infer<typeof ZFloorSnapshot>;
export type TTableSnapshot = z.infer<typeof ZTableSnapshot>;
export type TUserSnapshot = z.infer<typeof ZUserSnapshot>;
export type TAdminSnapshot = z.infer<typeof ZAdminSnapshot>;
export type TRoomSnapshot = z.infer<typeof ZRoomSnapshot>;

export const ZTickPlayer = z.object({ id: z.number().int(), minutes: z.number().int(), total: z.number().int() });
export type TTickPlayer = z.infer<typeof ZTickPlayer>;

/** The payload of every server → client event, by event name. */
export const ZServerPayloads = {
  'floor:snapshot': z.object({ ...stamp, tables: z.array(ZFloorTable) }),
  'table:updated': z.object({ ...stamp, table: ZFloorTable }),
  /**
   * `table`: in a table's room, the table's new view when it changed with its game (one message
   * for both); such a change sends that room no `table:updated`
   */
  'game:updated': z.object({ ...stamp, game: ZGame, table: ZFloorTable.optional() }),
  /** authoritative per-player totals at a player's minute boundary (only players whose minute changed) */
  'game:tick': z.object({
    ...stamp,
    game_id: z.number().int(),
    table_id: z.number().int(),
    players: z.array(ZTickPlayer),
  }),
  'player:kicked': z.object({
    ...stamp,
    game_id: z.number().int(),
    player_id: z.number().int(),
    order_id: z.number().int().nullable(),
  }),
  'order:updated': z.object({ ...stamp, order: ZOrder }),
  'notification:new': z.object({ ...stamp, notification: ZNotification }),
  /** the waitlist changed (someone joined, left, moved or was offered a table): read it again */
  'waitlist:updated': z.object({ ...stamp }),
  /** a table is held for this person's party until `expires_at`: join it to claim it */
  'waitlist:offer': z.object({
    ...stamp,
    entry_id: z.number().int(),
    table_id: z.number().int(),
    expires_at: z.string(),
  }),
  /** a feed's data changed (LIVE_FEEDS): read it again */
  'feed:changed': z.object({ ...stamp, feed: z.enum(LIVE_FEED_NAMES) }),
} as const satisfies Record<LiveEventName, z.ZodType>;
type Payloads = { [E in keyof typeof ZServerPayloads]: z.infer<(typeof ZServerPayloads)[E]> };
export type ServerPayload<E extends keyof Payloads> = Payloads[E];

/**
 * Acknowledgements answer `{ data }` or `{ error }`: `error.auth_required` (no or a revoked
 * token), `error.forbidden` (not your room), `error.validation_failed`, `error.rate_limited`,
 * `error.table_not_found`, `error.service_unavailable` (the kiosk did not answer; retry).
 */
export type AckAnswer<T> = { data: T } | { error: ErrorKey };
export type Ack<T> = (answer: AckAnswer<T>) => void;

export type ServerToClientEvents = { [E in keyof Payloads]: (payload: Payloads[E]) => void };

export interface ClientToServerEvents {
  /** join a room; answers its snapshot */
  subscribe: (body: TRoomRequest, ack: Ack<TRoomSnapshot>) => void;
  unsubscribe: (body: TRoomRequest, ack: Ack<{ room: string }>) => void;
  /** a fresh snapshot of a room the socket is in (after a gap, a reconnect or a sleep) */
  sync: (body: TRoomRequest, ack: Ack<TRoomSnapshot>) => void;
}

/** What the handshake carries: `io(url, { auth: { token }, transports: ['websocket'] })`. */
export const ZHandshakeAuth = z.object({ token: z.string().min(20).max(200).optional() });

// the kiosk → gateway contract and the feeds, where importers have always found them
export * from './live-events.ts';
export * from './live-feeds.ts';
export * from './realtime-kiosk.ts';

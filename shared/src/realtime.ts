/**
 * The realtime contract (DESIGN §5): room names, the typed Socket.IO event maps that the
 * gateway and the web client share, the schemas of every inbound payload and snapshot,
 * and the envelope of the events the kiosk delivers to the gateway.
 *
 * Realtime is a hint, the database is the truth: every payload carries the kiosk's sequence
 * number (`seq`, the id of the outbox event behind it) and `prev_seq`, the sequence number
 * of the previous event sent to the same room. A client keeps the last `seq` it saw per
 * room; `prev_seq > last` means it missed something, and it asks for `sync`.
 */

import { ZTableLight } from './devices.ts';
import type { ErrorKey } from './errors.ts';
import { ZNotification, ZNotificationAdmin } from './notifications.ts';
import { ZOrder, ZOrderStatus } from './orders.ts';
import { parseRoom } from './rooms.ts';
import { TABLE_STATUSES, type TGame, type TTable, ZGame, ZTable, ZTableHold } from './tables.ts';
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

/**
 * Data the screens read over HTTP that others change (DESIGN §5): the kiosk names the feed that
 * changed (`feed.changed`), the gateway tells the feed's audience (`feed:changed`), and the web
 * reads that feed again. Audience: `staff` the admin room; `named` the own rooms of the people
 * the event names (and no one else); `members` everyone logged in; `everyone` the floor.
 */
export const LIVE_FEEDS = {
  /** the reservations of a day (staff's list) */
  reservations: 'staff',
  /** the orders others ask a person to take over */
  transfers: 'named',
  /** how many members have read each notification */
  notification_reads: 'staff',
  /** who is signed in at each counter */
  counter_operators: 'staff',
  /** the products for sale and their stock */
  products: 'members',
  /** the club's opening hours */
  opening_hours: 'everyone',
  /** what a minute at each table costs (table, role and happy-hour prices) */
  prices: 'members',
} as const satisfies Record<string, 'staff' | 'named' | 'members' | 'everyone'>;
export type TLiveFeed = keyof typeof LIVE_FEEDS;
export const LIVE_FEED_NAMES = Object.keys(LIVE_FEEDS) as [TLiveFeed, ...TLiveFeed[]];

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
} as const;
export type LiveEventName = keyof typeof ZServerPayloads;
/** Every server → client event: what a client listens to. */
export const LIVE_EVENTS = Object.keys(ZServerPayloads) as LiveEventName[];
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

/** A client's gap rule, so that every screen applies it alike. */
export function missedEvents(lastSeq: number | undefined, payload: { prev_seq: number | null }): boolean {
  return lastSeq !== undefined && payload.prev_seq !== null && payload.prev_seq > lastSeq;
}

// --- kiosk → gateway ------------------------------------------------------------------

/** Where the kiosk delivers its outbox, HMAC-SHA256 signed over the raw body. */
/**
 * How a client comes back after losing its gateway (a gateway restarted or died): the first try
 * within a quarter second, since the balancer sends it to a live gateway at once, then backing
 * off to half a minute; a connect that hangs is given up after five seconds and tried again.
 */
export const RECONNECT = { firstDelayMs: 250, maxDelayMs: 30_000, connectTimeoutMs: 5_000 } as const;

export const KIOSK_EVENTS_PATH = '/realtime/kiosk-events';
/** `x-club-signature: sha256=<hex of HMAC-SHA256(GATEWAY_SECRET, raw body)>` */
export const SIGNATURE_HEADER = 'x-club-signature';
/** How the gateway authenticates to the kiosk's `/v1/realtime/*` reads: `authorization: Gateway <secret>`. */
export const GATEWAY_AUTH_SCHEME = 'Gateway';

/** One outbox row: its id is the kiosk's sequence number. */
export const ZKioskEvent = z.object({
  id: z.number().int().positive(),
  type: z.string().min(1).max(50),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type TKioskEvent = z.infer<typeof ZKioskEvent>;

const zIdValue = z.number().int().positive();
const kioskEvent = <T extends string, P extends z.ZodObject>(type: T, payload: P) =>
  z.object({ type: z.literal(type), payload });
/**
 * Every event the kiosk writes to its outbox, by type, with the payload that names what
 * changed: the kiosk writes exactly these, and the gateway acts on them (an unknown type, or
 * a payload that does not match, is counted and skipped).
 */
export const ZKioskEventBody = z.discriminatedUnion('type', [
  kioskEvent('table.updated', z.object({ table_id: zIdValue })),
  kioskEvent('game.updated', z.object({ game_id: zIdValue, table_id: zIdValue })),
  kioskEvent(
    'player.kicked',
    z.object({ game_id: zIdValue, player_id: zIdValue, user_id: zIdValue.nullable(), order_id: zIdValue.nullable() }),
  ),
  kioskEvent('order.created', z.object({ order_id: zIdValue, user_id: zIdValue.nullable() })),
  kioskEvent('order.updated', z.object({ order_id: zIdValue, user_id: zIdValue.nullable(), status: ZOrderStatus })),
  kioskEvent('notification.created', z.object({ notification_id: zIdValue, user_id: zIdValue.nullable() })),
  kioskEvent('session.revoked', z.object({ user_id: zIdValue })),
  /** the line changed: these people (and staff) read their place again */
  kioskEvent('waitlist.updated', z.object({ user_ids: z.array(zIdValue).max(500) })),
  kioskEvent(
    'waitlist.offered',
    z.object({ entry_id: zIdValue, user_id: zIdValue.nullable(), table_id: zIdValue, expires_at: z.string() }),
  ),
  /** a feed's data changed; `user_ids`: whom a `named` feed concerns */
  kioskEvent(
    'feed.changed',
    z.object({ feed: z.enum(LIVE_FEED_NAMES), user_ids: z.array(zIdValue).max(500).optional() }),
  ),
]);
export type TKioskEventBody = z.infer<typeof ZKioskEventBody>;
export type TKioskEventType = TKioskEventBody['type'];

/** An outbox row read as one of the events above, or null when it is none of them. */
export function parseKioskEvent(event: TKioskEvent): (TKioskEventBody & { id: number }) | null {
  const parsed = ZKioskEventBody.safeParse({ type: event.type, payload: event.payload });
  return parsed.success ? { id: event.id, ...parsed.data } : null;
}

/** `GET /v1/realtime/snapshot`: every table, every live game with players and totals. */
export const ZKioskSnapshot = z
  .object({
    success: z.literal(true),
    server_time: z.string(),
    seq: z.number().int(),
    tables: z.array(ZTable),
    games: z.array(ZGame),
    /**
     * With `?after=<seq>`: the order and notification events after it (oldest first, at most
     * SNAPSHOT_EVENTS), which no difference between two snapshots can show (poll mode).
     */
    events: z.array(ZKioskEvent).default([]),
  })
  .meta({ id: 'RealtimeSnapshot' });
export const SNAPSHOT_EVENTS = 200;
/** The events a polled snapshot carries: what table and game differences cannot show. */
export const SNAPSHOT_EVENT_TYPES = [
  'order.created',
  'order.updated',
  'notification.created',
  'waitlist.updated',
  'waitlist.offered',
  'feed.changed',
] as const;
export const ZSnapshotQuery = z.object({
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type TKioskSnapshot = z.infer<typeof ZKioskSnapshot>;

/** `POST /v1/realtime/read`: what some events changed, read in one go. */
export const ZKioskReadBody = z.object({
  table_ids: z.array(zIdValue).max(200).default([]),
  game_ids: z.array(zIdValue).max(200).default([]),
  order_ids: z.array(zIdValue).max(200).default([]),
  notification_ids: z.array(zIdValue).max(200).default([]),
});
export type TKioskReadBody = z.input<typeof ZKioskReadBody>;
export const ZKioskRead = z
  .object({
    success: z.literal(true),
    server_time: z.string(),
    seq: z.number().int(),
    tables: z.array(ZTable),
    games: z.array(ZGame),
    orders: z.array(ZOrder),
    /** the order each ended player's time went to (leave, kick) */
    player_orders: z.array(z.object({ player_id: z.number().int(), order_id: z.number().int() })),
    /** new notifications with their audience, for the rooms of the people who see them */
    notifications: z.array(ZNotificationAdmin.omit({ read_count: true })).default([]),
  })
  .meta({ id: 'RealtimeRead' });
export type TKioskRead = z.infer<typeof ZKioskRead>;

/**
 * The webhook body. The kiosk reads what the events changed as it sends them and includes
 * it (`read`), so the gateway emits without a round trip back; without it the gateway reads
 * (a replay by hand, an older kiosk).
 */
export const ZKioskEventBatch = z.object({
  events: z.array(ZKioskEvent).min(1).max(500),
  read: ZKioskRead.optional(),
});
export type TKioskEventBatch = z.infer<typeof ZKioskEventBatch>;

export interface EventChanges {
  tables: number[];
  games: number[];
  orders: number[];
  notifications: number[];
}

/** The tables, games and orders an event names: what must be read to announce it. */
export function changesOf(known: TKioskEventBody): EventChanges {
  const none = { tables: [], games: [], orders: [], notifications: [] };
  switch (known.type) {
    case 'table.updated':
      return { ...none, tables: [known.payload.table_id] };
    case 'game.updated':
      return { ...none, tables: [known.payload.table_id], games: [known.payload.game_id] };
    case 'player.kicked':
      return { ...none, games: [known.payload.game_id] };
    case 'order.created':
    case 'order.updated':
      return { ...none, orders: [known.payload.order_id] };
    case 'notification.created':
      return { ...none, notifications: [known.payload.notification_id] };
    case 'session.revoked':
    case 'waitlist.updated':
    case 'waitlist.offered':
    case 'feed.changed':
      return none;
  }
}

/** What an outbox row names, or null when it is no event the gateway knows. */
export function eventChanges(event: TKioskEvent): EventChanges | null {
  const known = parseKioskEvent(event);
  return known ? changesOf(known) : null;
}

/** What a batch of events changed, each id once: the body of the read that announces them. */
export function changedIds(events: TKioskEvent[]): Required<TKioskReadBody> {
  const tables = new Set<number>();
  const games = new Set<number>();
  const orders = new Set<number>();
  const notifications = new Set<number>();
  for (const event of events) {
    const changes = eventChanges(event);
    for (const id of changes?.tables ?? []) tables.add(id);
    for (const id of changes?.games ?? []) games.add(id);
    for (const id of changes?.orders ?? []) orders.add(id);
    for (const id of changes?.notifications ?? []) notifications.add(id);
  }
  return {
    table_ids: [...tables],
    game_ids: [...games],
    order_ids: [...orders],
    notification_ids: [...notifications],
  };
}

/**
 * The kiosk → gateway contract (DESIGN §5): the events the kiosk writes to its outbox and
 * delivers, signed, to the gateway; the snapshot and the reads the gateway asks the kiosk for;
 * and what each event changed, so that the gateway reads it once and announces it.
 */

import { LIVE_FEED_NAMES } from './live-feeds.ts';
import { ZNotificationAdmin } from './notifications.ts';
import { ZOrder, ZOrderStatus } from './orders.ts';
import { ZGame, ZTable } from './tables.ts';
import { z } from './zod.ts';

/** Where the kiosk delivers its outbox, HMAC-SHA256 signed over the raw body. */
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

/** What the snapshot and a read both answer with: every table, the live games, as of `seq`. */
const tablesAndGames = {
  success: z.literal(true),
  server_time: z.string(),
  seq: z.number().int(),
  tables: z.array(ZTable),
  games: z.array(ZGame),
};

/** `GET /v1/realtime/snapshot`: every table, every live game with players and totals. */
export const ZKioskSnapshot = z
  .object({
    ...tablesAndGames,
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
    ...tablesAndGames,
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

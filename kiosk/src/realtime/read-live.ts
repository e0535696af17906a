import { setImmediate } from 'node:timers/promises';
import { clock } from '@club/shared/clock';
import type { TOrder } from '@club/shared/orders';
import {
  SNAPSHOT_EVENT_TYPES,
  SNAPSHOT_EVENTS,
  type TKioskEvent,
  type TKioskRead,
  type TKioskReadBody,
} from '@club/shared/realtime';
import type { TGame, TTable } from '@club/shared/tables';
import { and, asc, desc, gt, inArray, isNotNull, lte, ne } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { games, notifications, orders, outbox, players } from '../db/schema.ts';
import { gameView } from '../games/game-view.ts';
import { toOrders } from '../orders/to-order.ts';
import { listTables } from '../tables/list-tables.ts';

const SNAPSHOT_GAMES_AT_ONCE = 2;

/**
 * The kiosk's sequence number: the newest outbox id. Read *before* the data it stamps, so
 * the data holds at least every change up to it.
 */
export async function currentSeq(db: Executor): Promise<number> {
  const [row] = await db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1);
  return row ? Number(row.id) : 0;
}

/**
 * Every table and every live game with players and totals: what the gateway starts from.
 * With `after`, also the order and notification events since then (up to `seq`).
 */
export async function readSnapshot(
  db: Executor,
  after?: number,
): Promise<{ seq: number; tables: TTable[]; games: TGame[]; events: TKioskEvent[] }> {
  const seq = await currentSeq(db);
  const tables = await listTables(db);
  const now = clock.now();
  const live = await db.select({ id: games.id }).from(games).where(ne(games.status, 'ended')).orderBy(games.id);
  const views: TGame[] = [];
  // a few games at a time, with a turn of the event loop between: on the embedded database a
  // run of queries never gives the loop a turn, and the whole club's read (about 40 ms at ten
  // live games) held up everything else the process serves, the phones' events among it
  for (let i = 0; i < live.length; i += SNAPSHOT_GAMES_AT_ONCE) {
    if (i > 0) await setImmediate();
    const some = live.slice(i, i + SNAPSHOT_GAMES_AT_ONCE);
    views.push(...(await Promise.all(some.map((g) => gameView(db, g.id, now)))));
  }
  const rows =
    after === undefined
      ? []
      : await db
          .select()
          .from(outbox)
          .where(and(gt(outbox.id, after), lte(outbox.id, seq), inArray(outbox.type, [...SNAPSHOT_EVENT_TYPES])))
          .orderBy(asc(outbox.id))
          .limit(SNAPSHOT_EVENTS);
  const events = rows.map((r) => ({
    id: Number(r.id),
    type: r.type,
    payload: r.payload as Record<string, unknown>,
    created_at: r.createdAt.toISOString(),
  }));
  return { seq, tables, games: views, events };
}

/** What some events changed: the named tables, games (ended ones too) and orders. */
export async function readChanged(
  db: Executor,
  ids: Required<TKioskReadBody>,
  options: {
    /** which order each ended player's time went to: poll mode needs it, the webhook does not */
    playerOrders?: boolean;
    /** the sequence number, when the caller read it already (before these rows) */
    seq?: number;
  } = {},
): Promise<{
  seq: number;
  tables: TTable[];
  games: TGame[];
  orders: TOrder[];
  player_orders: { player_id: number; order_id: number }[];
  notifications: TKioskRead['notifications'];
}> {
  const seq = options.seq ?? (await currentSeq(db));
  const now = clock.now();
  const wantedTables = new Set(ids.table_ids);
  // one table (the usual event) is read by itself; several at once from the whole list
  const [single] = wantedTables.size === 1 ? wantedTables : [];
  const tables =
    single !== undefined
      ? await listTables(db, single)
      : wantedTables.size
        ? (await listTables(db)).filter((t) => wantedTables.has(t.id))
        : [];
  const gameIds = [...new Set(ids.game_ids)];
  const views = await Promise.all(gameIds.map((id) => gameView(db, id, now).catch(() => null)));
  const orderIds = [...new Set(ids.order_ids)];
  const orderRows = orderIds.length ? await db.select().from(orders).where(inArray(orders.id, orderIds)) : [];
  const playerOrders =
    gameIds.length && options.playerOrders !== false
      ? await db
          .select({ player_id: players.id, order_id: players.orderId })
          .from(players)
          .where(and(inArray(players.gameId, gameIds), isNotNull(players.orderId)))
      : [];
  const notificationIds = [...new Set(ids.notification_ids)];
  const notes = notificationIds.length
    ? await db.select().from(notifications).where(inArray(notifications.id, notificationIds))
    : [];
  return {
    seq,
    tables,
    games: views.filter((g): g is TGame => g !== null),
    orders: await toOrders(db, orderRows),
    player_orders: playerOrders.map((p) => ({ player_id: p.player_id, order_id: p.order_id! })),
    notifications: notes.map((n) => ({
      id: n.id,
      message: n.message,
      link_text: n.linkText,
      url: n.url,
      audience: n.audience,
      role_id: n.roleId,
      user_id: n.userId,
      starts_at: n.startsAt?.toISOString() ?? null,
      ends_at: n.endsAt?.toISOString() ?? null,
      created_at: n.createdAt.toISOString(),
    })),
  };
}

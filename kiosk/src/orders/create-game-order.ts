import { computeBill, fixedDiscountAt } from '@club/shared/bill';
import { clock } from '@club/shared/clock';
import type { TKioskEventBody } from '@club/shared/realtime';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { type orderItems, players, poolTables, userSubscriptions } from '../db/schema.ts';
import { billingFor, type GameRow, type PlayerRow } from '../games/game-view.ts';
import type { Interval } from '../games/pause-log.ts';
import { type Emit, knownOrder } from '../outbox/with-events.ts';
import { clubDetails } from '../settings/club-settings.ts';
import { settleIfFree } from './change-order.ts';
import { insertWaitingOrder } from './insert-waiting-order.ts';

/** Every row of a session, from its first table to `last`. */
async function sessionIds(tx: Executor, last: PlayerRow): Promise<number[]> {
  const ids = [last.id];
  let previous = last.previousPlayerId;
  while (previous !== null) {
    ids.push(previous);
    const [row] = await tx.select({ previous: players.previousPlayerId }).from(players).where(eq(players.id, previous));
    previous = row?.previous ?? null;
  }
  return ids;
}

/**
 * Writes the waiting order for a host whose session just ended (left or kicked): one line
 * per table of their session and of each guest they brought, priced by the same billing
 * function the phone ticks with. The subscription's minutes are used up here. `at` is the
 * game and table the caller has read already (not read again), with the game's pauses when
 * it has them, and `events` what it has to tell the phones too, written with the order's own event.
 */
export async function createGameOrder(
  tx: Executor,
  emit: Emit,
  host: PlayerRow,
  actorUserId: number,
  at: {
    game: GameRow;
    table: { id: number; name: string };
    events?: TKioskEventBody[];
    /** the game's pauses as this transaction leaves them, when the caller has them */
    pauses?: Interval[];
    /** all the game's players as this transaction leaves them, when the caller has them */
    players?: PlayerRow[];
  },
): Promise<number> {
  const hostIds = await sessionIds(tx, host);
  // a guest's last row (the ones that switched table continue in a later row); a host who
  // never switched has theirs among the game's rows, when the caller has them
  const ended = (p: PlayerRow) => p.status === 'left' || p.status === 'kicked';
  const guests =
    hostIds.length === 1 && at.players
      ? at.players.filter((p) => p.guestOf === host.id && ended(p))
      : await tx
          .select()
          .from(players)
          .where(and(inArray(players.guestOf, hostIds), inArray(players.status, ['left', 'kicked'])));
  const billed = [host, ...guests];
  const { inputs } = await billingFor(
    tx,
    billed,
    [at.game],
    at.pauses ? new Map([[at.game.id, at.pauses]]) : undefined,
  );
  const now = clock.now();
  const tableIds = [...new Set([...inputs.values()].flatMap((i) => i.segments.map((s) => s.table_id)))];
  const tables = new Map([[at.table.id, at.table.name]]);
  const unknown = tableIds.filter((id) => !tables.has(id));
  if (unknown.length) {
    const rows = await tx
      .select({ id: poolTables.id, name: poolTables.name })
      .from(poolTables)
      .where(inArray(poolTables.id, unknown));
    for (const t of rows) tables.set(t.id, t.name);
  }

  type Item = typeof orderItems.$inferInsert;
  const vatRate = (await clubDetails.get(tx)).table_time_vat_rate;
  const items: (Omit<Item, 'orderId'> & { vatRate: number })[] = [];
  let subscriptionUsed = 0;
  let billedDiscount = 0;
  for (const row of billed) {
    const bill = computeBill(inputs.get(row.id)!, now);
    billedDiscount += bill.discount;
    if (row === host) subscriptionUsed = bill.subscription_minutes;
    const who = row === host ? '' : ` · ${row.name}`;
    for (const line of bill.lines) {
      if (line.minutes === 0) continue;
      items.push({
        kind: 'game',
        description: `${tables.get(line.table_id) ?? `#${line.table_id}`}${who}`,
        quantity: line.minutes,
        unitPrice: line.price_per_minute,
        total: line.total,
        playerId: row.id,
        tableId: line.table_id,
        minutes: line.minutes,
        subscriptionMinutes: line.subscription_minutes,
        vatRate,
      });
    }
    if (bill.minimum_adjustment > 0) {
      items.push({
        kind: 'game',
        description: `minimum_charge${who}`,
        quantity: 1,
        unitPrice: bill.minimum_adjustment,
        total: bill.minimum_adjustment,
        playerId: row.id,
        vatRate,
      });
    }
  }
  const subtotal = items.reduce((sum, i) => sum + i.total, 0);
  // happy-hour percents are in the bills; a fixed amount comes off once, as the phone shows it
  const discount = billedDiscount + fixedDiscountAt(inputs.get(host.id)!, now.getTime(), subtotal - billedDiscount);
  // the seats it bills are written with the order's lines
  const { row: order, view } = await insertWaitingOrder(
    tx,
    { userId: host.userId, kind: 'game', lines: items, subtotal, discount, actorUserId, at: now },
    (orderId) =>
      tx
        .update(players)
        .set({ orderId })
        .where(
          inArray(
            players.id,
            billed.map((r) => r.id),
          ),
        ),
  );

  // the session's first row names its subscription
  const root =
    hostIds.length === 1
      ? host
      : (
          await tx
            .select()
            .from(players)
            .where(eq(players.id, hostIds.at(-1)!))
        )[0];
  if (root?.subscriptionId && subscriptionUsed > 0) {
    await tx
      .update(userSubscriptions)
      .set({
        usedMinutes: sql`${userSubscriptions.usedMinutes} + ${subscriptionUsed}`,
        // only a live subscription is used up: one refunded (or deleted) while it paid this game stays so
        status: sql`case when ${userSubscriptions.status} in ('active', 'paused') and ${userSubscriptions.usedMinutes} + ${subscriptionUsed} + ${userSubscriptions.refundedMinutes} >= ${userSubscriptions.durationHours} * 60 then 'expired' else ${userSubscriptions.status} end`,
        updatedAt: now,
      })
      .where(eq(userSubscriptions.id, root.subscriptionId));
  }
  await emit(...(at.events ?? []), { type: 'order.created', payload: { order_id: order.id, user_id: host.userId } });
  // a bill with something to pay stays waiting: no need to read the order again to know
  if (subtotal - discount === 0) await settleIfFree(tx, emit, order.id);
  // the phones' event shows the waiting order as the insert answered it
  else knownOrder(tx, view);
  return order.id;
}

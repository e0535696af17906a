import { nextSubscriptionStatus } from '@club/machines/subscription';
import { JOURNAL_EVENTS } from '@club/shared/cash';
import { clock } from '@club/shared/clock';
import { orderVat } from '@club/shared/vat';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { ReturnDetail, ReturnLine } from '../cash/journal-return.ts';
import type { Executor } from '../db/client.ts';
import { cashJournal, games, orderItems, players, subscriptionEvents, userSubscriptions } from '../db/schema.ts';
import type { Emit } from '../outbox/with-events.ts';
import { minutesLeft } from '../users/minutes-left.ts';
import { inPlayMinutes } from '../users/subscriptions.ts';
import type { OrderRow } from './change-order.ts';

type SubscriptionRow = typeof userSubscriptions.$inferSelect;

/**
 * Prepaid hours whose money was given back are taken back (DESIGN §11), in the transaction
 * that journals the return. What a prepaid-hours line got back, as a share of what it was
 * sold for (after the order's discount), takes that share of the hours it bought: counted
 * over all the line's returns so far, so rounding never drifts, and the line's last øre
 * ends its subscriptions. Never more than a subscription holds: minutes already played (or
 * being played right now) stay paid and are not billed again. A subscription left with no
 * minutes, or whose line was refunded in full, ends as `refunded`. Units of the line that
 * came back (a return) take back the hours of those units wholly.
 */
export async function takeBackSubscriptions(
  tx: Executor,
  emit: Emit,
  order: OrderRow,
  returned: ReturnLine[],
  actorUserId: number | null,
): Promise<void> {
  const lines = returned.filter((l) => l.kind === 'subscription' && l.gross < 0);
  if (!lines.length || order.userId === null) return;
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
  const sold = orderVat(
    items.map((i) => ({ total: i.total, vat_rate: i.vatRate })),
    order.discountAmount,
  ).lines;
  const returns = await tx
    .select({ detail: cashJournal.detail })
    .from(cashJournal)
    .where(and(eq(cashJournal.orderId, order.id), eq(cashJournal.eventCode, JOURNAL_EVENTS.returnReceipt)));
  const backOf = (itemId: number) =>
    -returns
      .flatMap((r) => (r.detail as ReturnDetail).lines)
      .filter((l) => l.item_id === itemId)
      .reduce((s, l) => s + l.gross, 0);
  const unitsBackOf = (itemId: number) =>
    returns
      .flatMap((r) => (r.detail as ReturnDetail).lines)
      .filter((l) => l.item_id === itemId && !l.reduction)
      .reduce((s, l) => s + (l.quantity ?? 0), 0);
  const playing = await inPlayMinutes(tx, order.userId);

  for (const line of lines) {
    const index = items.findIndex((i) => i.id === line.item_id);
    const item = items[index];
    const net = sold[index]?.net_total ?? 0;
    if (!item || net <= 0) continue;
    const held = await tx
      .select()
      .from(userSubscriptions)
      .where(
        and(
          eq(userSubscriptions.orderId, order.id),
          ne(userSubscriptions.status, 'deleted'),
          item.subscriptionId === null ? undefined : eq(userSubscriptions.subscriptionId, item.subscriptionId),
        ),
      )
      .orderBy(asc(userSubscriptions.id))
      .for('update');
    const bought = held.reduce((s, r) => s + r.durationHours * 60, 0);
    const after = backOf(item.id);
    const before = after + line.gross;
    const all = after >= net || unitsBackOf(item.id) >= item.quantity;
    // a returned card takes back its hours wholly; a price reduction the hours its money bought
    const minutes = all
      ? Number.POSITIVE_INFINITY
      : !line.reduction && line.quantity
        ? Math.round((line.quantity * bought) / item.quantity)
        : share(after, net, bought) - share(before, net, bought);
    await takeFrom(tx, emit, held, minutes, all, playing, actorUserId);
  }
}

/** The minutes `back` øre of a line sold for `net` bought, of `bought` minutes. */
const share = (back: number, net: number, bought: number) => Math.round((back * bought) / net);

/** Takes `minutes` from the subscriptions, fullest first; one with nothing left (or all of them, `all`) ends. */
async function takeFrom(
  tx: Executor,
  emit: Emit,
  held: SubscriptionRow[],
  minutes: number,
  all: boolean,
  playing: Map<number, number>,
  actorUserId: number | null,
) {
  const free = (r: SubscriptionRow) => Math.max(0, minutesLeft(r) - (playing.get(r.id) ?? 0));
  let wanted = minutes;
  const now = clock.now();
  for (const row of [...held].sort((a, b) => free(b) - free(a) || a.id - b.id)) {
    const taken = Math.min(wanted, free(row));
    wanted -= taken;
    const ends = (all || free(row) - taken === 0) && nextSubscriptionStatus(row.status, { type: 'REFUND' }) !== null;
    if (taken === 0 && !ends) continue;
    await tx
      .update(userSubscriptions)
      .set({
        refundedMinutes: sql`${userSubscriptions.refundedMinutes} + ${taken}`,
        ...(ends ? { status: 'refunded' as const } : {}),
        updatedAt: now,
      })
      .where(eq(userSubscriptions.id, row.id));
    if (ends)
      await tx
        .insert(subscriptionEvents)
        .values({ userSubscriptionId: row.id, kind: 'refunded', at: now, actorUserId });
    // a session it pays for right now started with its minutes then: it has this many fewer
    const open = await tx
      .update(players)
      .set({ subscriptionMinutes: sql`greatest(0, ${players.subscriptionMinutes} - ${taken})` })
      .where(and(eq(players.subscriptionId, row.id), isNull(players.orderId)))
      .returning({ gameId: players.gameId });
    if (!open.length) continue;
    const tables = await tx
      .select({ gameId: games.id, tableId: games.tableId })
      .from(games)
      .where(
        inArray(
          games.id,
          open.map((p) => p.gameId),
        ),
      );
    for (const { gameId, tableId } of tables)
      await emit({ type: 'game.updated', payload: { game_id: gameId, table_id: tableId } });
  }
}

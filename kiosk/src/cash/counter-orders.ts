import { AppError } from '@club/shared/errors';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { orders, users } from '../db/schema.ts';
import { changeOrder, lockOrder, type OrderRow } from '../orders/change-order.ts';
import { insertShopOrder } from '../orders/insert-shop-order.ts';
import { takeStock } from '../orders/take-stock.ts';
import { type Emit, withEvents } from '../outbox/with-events.ts';

type Operator = { user_id: number; cash_point: { id: number } };

async function buyerRole(tx: Executor, userId: number | undefined): Promise<number | null> {
  if (userId === undefined) return null;
  const [buyer] = await tx.select({ roleId: users.roleId }).from(users).where(eq(users.id, userId));
  if (!buyer) throw new AppError('error.user_not_found');
  return buyer.roleId;
}

/**
 * Kiosk items sold over the counter: a waiting shop order, for a player or for nobody in
 * particular, with the club's discounts as online; it is paid at the till next.
 */
export function createCounterOrder(
  db: Db,
  operator: Operator,
  input: { items: { product_id: number; count: number }[]; user_id?: number | undefined },
): Promise<OrderRow> {
  return withEvents(db, async (tx, emit) => {
    const roleId = await buyerRole(tx, input.user_id);
    const lines = [];
    for (const item of input.items) lines.push(await takeStock(tx, item.product_id, item.count, 'error.out_of_stock'));
    const orderId = await insertShopOrder(tx, emit, {
      userId: input.user_id ?? null,
      actorUserId: operator.user_id,
      roleId,
      lines,
      counterPointId: operator.cash_point.id,
    });
    return lockOrder(tx, orderId);
  });
}

/** Card on the till's terminal or Vipps at the counter: paid now, a sale in the operator's name. */
export function payAtCounter(
  db: Db,
  operator: Operator,
  input: { order_id: number; method: 'physical' | 'vipps' },
): Promise<OrderRow> {
  return withEvents(db, async (tx, emit: Emit) => {
    const order = await lockOrder(tx, input.order_id);
    return changeOrder(
      tx,
      emit,
      order,
      { type: 'PAY' },
      { actorUserId: operator.user_id, method: input.method, cashPointId: operator.cash_point.id },
    );
  });
}

/**
 * Counter sales still waiting for payment, latest first: a reload of the counter (or another
 * tablet) finds them here to take payment or cancel, as they hold their items' stock.
 */
export function openCounterSales(db: Executor): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'waiting'), isNotNull(orders.counterPointId)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(50);
}

/** A counter sale dropped before payment, in the operator's name: its stock is released. */
export function cancelCounterSale(db: Db, operator: Operator, input: { order_id: number }): Promise<OrderRow> {
  return withEvents(db, async (tx, emit) => {
    const order = await lockOrder(tx, input.order_id);
    // only what was sold over the counter: a player's own order is theirs to cancel
    if (order.counterPointId === null) throw new AppError('error.order_not_found');
    return changeOrder(tx, emit, order, { type: 'CANCEL', kind: order.kind }, { actorUserId: operator.user_id });
  });
}

import { isFinalOrderStatus, nextOrderStatus, type OrderEvent, type OrderStatus } from '@club/machines/order';
import { clock } from '@club/shared/clock';
import { AppError, type ErrorKey } from '@club/shared/errors';
import type { TPaymentMethod } from '@club/shared/orders';
import { and, eq, sql } from 'drizzle-orm';
import { journalSale } from '../cash/journal-sale.ts';
import type { Executor } from '../db/client.ts';
import { orderEvents, orderItems, orders, products } from '../db/schema.ts';
import { feedChanged } from '../outbox/feed-changed.ts';
import type { Emit } from '../outbox/with-events.ts';
import { activateSubscriptions } from './activate-subscriptions.ts';

export type OrderRow = typeof orders.$inferSelect;

/** The order, locked for the rest of the transaction; `error.order_not_found` otherwise. */
export async function lockOrder(tx: Executor, id: number): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!row) throw new AppError('error.order_not_found');
  return row;
}

/**
 * The one way an order changes status. The machine decides whether the event is allowed;
 * the update is conditional on the status read, so of two concurrent requests only one
 * wins; the change goes into the timeline and the outbox. Final orders answer
 * `error.order_completed`.
 */
export async function changeOrder(
  tx: Executor,
  emit: Emit,
  order: OrderRow,
  event: OrderEvent,
  options: {
    actorUserId: number | null;
    method?: TPaymentMethod | null;
    refusal?: ErrorKey;
    /** where a sale is journaled; the default cash point without one */
    cashPointId?: number | undefined;
  },
): Promise<OrderRow> {
  const next = nextOrderStatus(order.status, event);
  if (!next && isFinalOrderStatus(order.status)) throw new AppError('error.order_completed');
  if (!next) throw new AppError(options.refusal ?? 'error.unable_to_update_order');
  const now = clock.now();
  const method = options.method === undefined ? order.method : options.method;
  // a refund keeps the day of the sale: reports count the sale then, the refund on its own day
  const settledAt = isFinalOrderStatus(next) ? (order.settledAt ?? now) : null;
  const [updated] = await tx
    .update(orders)
    .set({ status: next, method, updatedAt: now, settledAt })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  if (!updated) throw new AppError('error.order_completed');
  await tx.insert(orderEvents).values({
    orderId: order.id,
    actorUserId: options.actorUserId,
    fromStatus: order.status,
    toStatus: next,
    method,
    at: now,
  });
  if (next === 'canceled' || next === 'deleted') await releaseStock(tx, emit, order.id);
  if (next === 'paid' || next === 'approved') {
    await activateSubscriptions(tx, emit, updated);
    await journalSale(tx, updated, options.actorUserId, options.cashPointId);
  }
  await emit({ type: 'order.updated', payload: { order_id: order.id, user_id: order.userId, status: next } });
  // a request to take the order over ends with any move of its own (paid, canceled, handed over)
  if (order.transferToUserId !== null) await emit(feedChanged('transfers', [order.transferToUserId]));
  return updated;
}

/** A shop order that will not be paid gives its reserved stock back. */
async function releaseStock(tx: Executor, emit: Emit, orderId: number): Promise<void> {
  const items = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.kind, 'product')));
  let moved = false;
  for (const item of items) {
    if (item.productId === null) continue;
    await tx
      .update(products)
      .set({ count: sql`${products.count} + ${item.quantity}` })
      .where(eq(products.id, item.productId));
    moved = true;
  }
  if (moved) await emit(feedChanged('products'));
}

export type { OrderStatus };

/** Nothing to pay (all minutes prepaid, a free table): the order is settled at once, by the system. */
export async function settleIfFree(tx: Executor, emit: Emit, orderId: number): Promise<void> {
  const order = await lockOrder(tx, orderId);
  if (order.total === 0 && order.status === 'waiting')
    await changeOrder(tx, emit, order, { type: 'PAY' }, { actorUserId: null, method: 'system' });
}

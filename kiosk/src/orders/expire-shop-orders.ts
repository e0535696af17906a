import { clock } from '@club/shared/clock';
import { orderReference } from '@club/shared/orders';
import { and, asc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orderItems, orders, payments, users } from '../db/schema.ts';
import { tellUser } from '../notifications/tell-user.ts';
import { withEvents } from '../outbox/with-events.ts';
import { changeOrder, lockOrder } from './change-order.ts';

/**
 * How long a player's checkout holds its products unpaid: long enough to walk to the counter
 * or finish a payment, short enough that an abandoned cart does not keep the evening's stock
 * from everyone else. Counted from the checkout, or from the end of the last payment attempt.
 */
export const SHOP_ORDER_HOLD_MS = 30 * 60_000;

/** a Vipps payment not yet captured or let go, a card checkout not yet settled: the payer may still be paying */
const OPEN_PAYMENT_STATES = ['CREATED', 'AUTHORIZED', 'PENDING'];
/**
 * An open payment holds its order a day at most: a Stripe Checkout Session lasts no longer and
 * the Vipps sweep stops asking then, so one whose end was never heard does not hold stock for ever.
 */
const OPEN_PAYMENT_MAX_MS = 24 * 3600_000;

/**
 * The waiting shop orders that hold stock and have lain unpaid past the hold. Left alone: an
 * order being paid (an open payment, or one that ended within the hold, so the payer can try
 * again), one marked for the card terminal (it is in the staff's queue, the player may be at
 * the counter), a counter sale (the operator's to take payment for or cancel), and every
 * order on a tab (`pay_later`, not waiting).
 */
function expired(now: number) {
  const before = new Date(now - SHOP_ORDER_HOLD_MS);
  return and(
    eq(orders.kind, 'shop'),
    eq(orders.status, 'waiting'),
    isNull(orders.counterPointId),
    or(isNull(orders.method), ne(orders.method, 'physical')),
    lte(orders.createdAt, before),
    sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.kind} = 'product')`,
    sql`not exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id} and ${or(
      and(inArray(payments.state, OPEN_PAYMENT_STATES), gt(payments.createdAt, new Date(now - OPEN_PAYMENT_MAX_MS))),
      gt(payments.updatedAt, before),
    )})`,
  );
}

/**
 * Cancels each shop order that held its stock unpaid past the hold, as its owner cancelling it
 * would (the machine's CANCEL, so the stock goes back and the timeline and the phones hear it),
 * by no one, and tells the owner in their language. Each is decided again under its row's lock:
 * a payment started a moment ago keeps its order. Runs on the kiosk's periodic sweep; tests call
 * it after moving the clock. Answers how many were cancelled.
 */
export async function expireShopOrders(db: Db): Promise<number> {
  const now = clock.nowMs();
  const due = await db.select({ id: orders.id }).from(orders).where(expired(now)).orderBy(asc(orders.id));
  let canceled = 0;
  for (const { id } of due) {
    const done = await withEvents(db, async (tx, emit) => {
      await lockOrder(tx, id);
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), expired(now)));
      if (!order) return false;
      await changeOrder(tx, emit, order, { type: 'CANCEL', kind: order.kind }, { actorUserId: null });
      const [owner] = order.userId
        ? await tx.select({ id: users.id, locale: users.locale }).from(users).where(eq(users.id, order.userId))
        : [];
      if (owner)
        await tellUser(tx, emit, owner, {
          key: 'notice.shop_order_expired',
          values: { reference: orderReference(order.id), minutes: String(SHOP_ORDER_HOLD_MS / 60_000) },
          link: 'notice.shop_order_expired_link',
          url: '/shop',
        });
      return true;
    });
    if (done) canceled++;
  }
  return canceled;
}

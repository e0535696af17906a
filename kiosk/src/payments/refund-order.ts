import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { translate } from '@club/shared/i18n/resources';
import { formatMoney } from '@club/shared/money';
import { orderReference } from '@club/shared/orders';
import { and, desc, eq, sql } from 'drizzle-orm';
import { journalReturn } from '../cash/journal-return.ts';
import { registrar } from '../cash/operator-sessions.ts';
import type { Db, Executor } from '../db/client.ts';
import { notifications, orders, payments, refunds, users } from '../db/schema.ts';
import type { AuthInfo, Deps } from '../http/context.ts';
import { changeOrder, lockOrder, type OrderRow } from '../orders/change-order.ts';
import { type Emit, withEvents } from '../outbox/with-events.ts';
import type { CardPayments } from './card/card-payments.ts';
import type { VippsPayments } from './vipps/vipps-payments.ts';

type RefundRow = typeof refunds.$inferSelect;

/**
 * Gives money back on a paid order (DESIGN §11), in three steps so that a slow provider
 * never holds a lock: (1) under the order's lock the amount is checked against what is left
 * and reserved (`refunded_amount` goes up), so concurrent refunds can never add up to more
 * than was paid; (2) the provider is asked (Vipps ePayment refund, Stripe refund; physical,
 * cash and system refunds are money handed back at the counter); (3) the refund is recorded
 * as done, a full refund moves the order to `refunded`, and the player is told. A provider
 * that refuses releases the reservation.
 */
export async function refundOrder(
  deps: Deps,
  providers: { vipps: VippsPayments; card: CardPayments },
  by: AuthInfo,
  input: { id: number; amount?: number | undefined; reason: string },
): Promise<OrderRow> {
  const { db, logger } = deps;
  const { order, refund } = await db.transaction((tx) => reserveRefund(tx, by, input));
  try {
    const providerReference = await pay(deps, providers, order, refund);
    const done = await withEvents(db, (tx, emit) => complete(tx, emit, refund, providerReference, refund.actorUserId));
    return done ?? (await db.transaction((tx) => lockOrder(tx, order.id)));
  } catch (error) {
    logger.error(
      { alert: 'refund_failed', orderId: order.id, refundId: refund.id, err: String(error) },
      'Refund failed',
    );
    await releaseRefund(db, refund);
    throw error instanceof AppError ? error : new AppError('error.service_unavailable');
  }
}

/** A refund that did not happen gives its reservation back; only a refund still pending can. */
export async function releaseRefund(db: Db, refund: RefundRow): Promise<void> {
  await db.transaction(async (tx) => {
    const [released] = await tx
      .update(refunds)
      .set({ state: 'FAILED' })
      .where(and(eq(refunds.id, refund.id), eq(refunds.state, 'PENDING')))
      .returning({ id: refunds.id });
    if (!released) return;
    await tx
      .update(orders)
      .set({ refundedAmount: sql`${orders.refundedAmount} - ${refund.amount}`, updatedAt: clock.now() })
      .where(eq(orders.id, refund.orderId));
  });
}

export async function reserveRefund(
  tx: Executor,
  by: AuthInfo,
  input: { id: number; amount?: number | undefined; reason: string },
) {
  const order = await lockOrder(tx, input.id);
  if (order.status === 'refunded') throw new AppError('error.refund_too_large');
  if (order.status !== 'paid' && order.status !== 'approved') throw new AppError('error.unable_to_update_order');
  if (!order.method) throw new AppError('error.payment_method_not_found');
  const left = order.total - order.refundedAmount;
  const amount = input.amount ?? left;
  if (left <= 0 || amount > left) throw new AppError('error.refund_too_large');
  await tx
    .update(orders)
    .set({ refundedAmount: order.refundedAmount + amount, updatedAt: clock.now() })
    .where(eq(orders.id, order.id));
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      method: order.method,
      amount,
      reason: input.reason,
      state: 'PENDING',
      // the counter's signed-in operator, whose name the return is journaled in
      actorUserId: (await registrar(tx, by)).actorUserId,
      createdAt: clock.now(),
    })
    .returning();
  return { order, refund: refund! };
}

/** Asks the provider the order was paid with; answers its reference of the refund. */
export async function pay(
  { db }: Pick<Deps, 'db'>,
  providers: { vipps: VippsPayments; card: CardPayments },
  order: OrderRow,
  refund: RefundRow,
): Promise<string | null> {
  if (refund.method !== 'vipps' && refund.method !== 'card') return null;
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.provider, refund.method), eq(payments.state, 'CAPTURED')))
    .orderBy(desc(payments.id))
    .limit(1);
  if (!payment) {
    // paid at the till (Vipps on the club's own number) there is no provider payment to
    // refund through: the money goes back there, by hand, as with cash
    const [online] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.provider, refund.method)))
      .limit(1);
    if (!online) return null;
    throw new AppError('error.payment_method_not_found');
  }
  // the refund's own id keys the provider call: a retry refunds once
  const key = `refund-${refund.id}`;
  if (refund.method === 'vipps') {
    await providers.vipps.client.refund(payment.reference, refund.amount, key);
    return key;
  }
  const session = await providers.card.client.getCheckout(payment.reference);
  const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  if (!intent) throw new AppError('error.payment_method_not_found');
  const made = await providers.card.client.refund({
    paymentIntent: intent,
    amount: refund.amount,
    key,
    orderId: order.id,
  });
  return made.id;
}

/**
 * Records a refund as done: the provider has confirmed it (or the money was handed back at
 * the counter). The return receipt is journaled here, in the same transaction, so the
 * register counts a return exactly when money moved. Only a pending refund can complete:
 * of a request and the sweep that finishes a stalled one, one records it (the other: null).
 */
export async function complete(
  tx: Executor,
  emit: Emit,
  refund: RefundRow,
  providerReference: string | null,
  actorUserId: number | null,
): Promise<OrderRow | null> {
  const [done] = await tx
    .update(refunds)
    .set({ state: 'SUCCEEDED', providerReference })
    .where(and(eq(refunds.id, refund.id), eq(refunds.state, 'PENDING')))
    .returning();
  if (!done) return null;
  let order = await lockOrder(tx, refund.orderId);
  await journalReturn(tx, done, actorUserId);
  if (order.refundedAmount >= order.total)
    order = await changeOrder(tx, emit, order, { type: 'REFUND' }, { actorUserId });
  await notifyPlayer(tx, order, refund.amount);
  return order;
}

async function notifyPlayer(tx: Executor, order: OrderRow, amount: number) {
  if (order.userId === null) return;
  const [player] = await tx.select().from(users).where(eq(users.id, order.userId));
  if (!player) return;
  const locale = player.locale === 'en' ? 'en' : 'nb';
  const now = clock.now();
  await tx.insert(notifications).values({
    message: translate(locale, 'notice.order_refunded', {
      amount: formatMoney(amount, locale),
      reference: orderReference(order.id),
    }),
    linkText: translate(locale, 'notice.order_refunded_link'),
    url: `/payment/result/${order.id}`,
    audience: 'user',
    userId: player.id,
    startsAt: now,
    createdAt: now,
  });
}

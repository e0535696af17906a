import { isFinalOrderStatus } from '@club/machines/order';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { orderReference } from '@club/shared/orders';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { orderItems, payments } from '../../db/schema.ts';
import type { AuthInfo, Deps } from '../../http/context.ts';
import { ownedOrder } from '../../orders/owned-order.ts';
import { requirePaymentMethod } from '../../settings/payment-methods.ts';
import { type CardClient, Stripe } from './stripe-card.ts';

/** Stripe's smallest NOK charge */
const MIN_CARD_AMOUNT = 300;
const OPEN_STATES = ['CREATED', 'PENDING'];

type PaymentRow = typeof payments.$inferSelect;

/**
 * Starting to pay an order by card: one payment row per attempt, whose number is the
 * Checkout Session's idempotency key, so a retried or concurrent start gets the same session.
 */
export function createCardCheckout(
  { config, db, logger }: Pick<Deps, 'config' | 'db' | 'logger'>,
  client: CardClient,
  settle: (sessionId: string) => Promise<void>,
) {
  /** The payment row of this attempt: the open one, or a new one holding the order's next attempt number. */
  async function attemptFor(by: AuthInfo, orderId: number) {
    await requirePaymentMethod(db, 'card');
    return db.transaction(async (tx) => {
      const order = await ownedOrder(tx, by, orderId);
      if (isFinalOrderStatus(order.status)) throw new AppError('error.order_completed');
      if (order.total < MIN_CARD_AMOUNT) throw new AppError('error.amount_too_small');
      const mine = and(eq(payments.orderId, order.id), eq(payments.provider, 'card'));
      const [open] = await tx
        .select()
        .from(payments)
        .where(and(mine, inArray(payments.state, OPEN_STATES)))
        .orderBy(desc(payments.id))
        .limit(1);
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(payments).where(mine);
      if (open) return { order, payment: open, attempt: n };
      const [payment] = await tx
        .insert(payments)
        .values({
          orderId: order.id,
          provider: 'card',
          reference: `attempt-${order.id}-${n + 1}`,
          state: 'CREATED',
          amount: order.total,
          createdAt: clock.now(),
          updatedAt: clock.now(),
        })
        .returning();
      return { order, payment: payment!, attempt: n + 1 };
    });
  }

  /** Starts (or resumes) paying an order by card and answers where to send the payer. */
  /**
   * A line as the card page shows it. Table time names its minutes ("Bord 2 · 2 min"): as
   * minutes × price per minute it read "Bord 2 × 2", like two tables.
   */
  function checkoutLineOf(i: typeof orderItems.$inferSelect) {
    if (i.kind === 'game' && i.minutes !== null)
      return { name: `${i.description} · ${i.minutes} min`, quantity: 1, unitAmount: i.total };
    return i.unitPrice * i.quantity === i.total
      ? { name: i.description, quantity: i.quantity, unitAmount: i.unitPrice }
      : { name: i.description, quantity: 1, unitAmount: i.total };
  }

  async function init(
    by: AuthInfo,
    orderId: number,
    again = true,
  ): Promise<{ redirect_url: string; payment_id: string }> {
    const { order, payment, attempt } = await attemptFor(by, orderId);
    if (payment.reference.startsWith('cs_')) {
      const session = await client.getCheckout(payment.reference).catch(() => undefined);
      if (session?.status === 'open' && session.url) return { redirect_url: session.url, payment_id: session.id };
      if (session) await settle(session.id);
      if (!again || !session) throw new AppError('error.payment_not_initialized');
      await closeUnpaid(payment);
      return init(by, orderId, false);
    }
    const items = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    try {
      // the same attempt number is the same idempotency key: a concurrent or retried init gets the same session
      const session = await client.createCheckout({
        orderId: order.id,
        attempt,
        title: `${config.CLUB_NAME} ${orderReference(order.id)}`,
        lines: items.map(checkoutLineOf),
        total: order.total,
        successUrl: `${config.publicUrl}/payment/result/${order.id}`,
        // the overview says the payment was cancelled and offers the card again
        cancelUrl: `${config.publicUrl}/payment/overview/${order.id}?card=cancelled`,
      });
      await db
        .update(payments)
        .set({ reference: session.id, redirectUrl: session.url, updatedAt: clock.now() })
        .where(eq(payments.id, payment.id));
      return { redirect_url: session.url!, payment_id: session.id };
    } catch (error) {
      logger.warn({ err: String(error), orderId: order.id }, 'Stripe refused to create the Checkout Session');
      // no payer has this attempt's address: the next init starts a new attempt with a new key
      await db
        .update(payments)
        .set({ state: 'FAILED', updatedAt: clock.now() })
        .where(and(eq(payments.id, payment.id), eq(payments.state, 'CREATED')));
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'amount_too_small')
        throw new AppError('error.amount_too_small');
      throw new AppError('error.payment_not_initialized');
    }
  }

  /** An attempt whose session ended unpaid (expired, or failed) is closed so the next one starts afresh. */
  async function closeUnpaid(payment: PaymentRow) {
    await db
      .update(payments)
      .set({ state: 'EXPIRED', updatedAt: clock.now() })
      .where(and(eq(payments.id, payment.id), inArray(payments.state, ['CREATED'])));
  }

  return { init };
}

import { isFinalOrderStatus } from '@club/machines/order';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cardWebhookEvents, payments, refunds } from '../../db/schema.ts';
import type { Deps } from '../../http/context.ts';
import { tellOrderOwner } from '../../notifications/tell-user.ts';
import { lockOrder } from '../../orders/change-order.ts';
import { markPaid } from '../../orders/mark-paid.ts';
import { type Emit, withEvents } from '../../outbox/with-events.ts';
import { giveBackDouble } from '../double-refunds.ts';
import type { CardClient, CardSession, Stripe } from './stripe-card.ts';

/** a payment whose money Stripe took (and maybe is giving back): applying its session again changes nothing */
const GIVEN_OR_TAKEN: string[] = ['CAPTURED', 'REFUNDING', 'REFUNDED'];

/**
 * What Stripe says of a Checkout Session, applied to its payment: webhooks and status reads
 * both end in `apply`, which only moves a payment forward, so replayed and out-of-order
 * events change nothing twice.
 */
export function createCardSettlement({ db, logger }: Pick<Deps, 'db' | 'logger'>, client: CardClient) {
  /** Moves the payment of `session` forward; answers a session paid for an order settled otherwise. */
  async function apply(tx: Executor, emit: Emit, session: CardSession, failed = false): Promise<'refund' | undefined> {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.reference, session.id), eq(payments.provider, 'card')))
      .for('update');
    if (!payment || GIVEN_OR_TAKEN.includes(payment.state)) return undefined;
    const setState = (state: string) =>
      tx.update(payments).set({ state, updatedAt: clock.now() }).where(eq(payments.id, payment.id));
    if (session.payment_status === 'paid') {
      const order = await lockOrder(tx, payment.orderId);
      if (session.amount_total !== order.total || session.currency !== 'nok') {
        logger.error(
          {
            alert: 'card_amount_mismatch',
            orderId: order.id,
            session: session.id,
            paid: session.amount_total,
            total: order.total,
          },
          'Card payment does not match the order: not paid, staff must refund it',
        );
        await setState('FAILED');
        return undefined;
      }
      if (isFinalOrderStatus(order.status)) {
        // recorded before Stripe is asked, so that its charge.refunded finds the refund known
        await setState('REFUNDING');
        await tellOrderOwner(tx, emit, order, {
          key: 'notice.card_double_refunded',
          amount: session.amount_total ?? order.total,
        });
        logger.warn({ orderId: order.id, session: session.id }, 'Card payment for a settled order: refunded');
        return 'refund';
      }
      await setState('CAPTURED');
      await markPaid(tx, emit, order, 'card', null);
    } else if (session.status === 'complete') {
      await setState(failed ? 'FAILED' : 'PENDING');
    } else if (session.status === 'expired') {
      await setState('EXPIRED');
    }
    return undefined;
  }

  /** Gives back a payment that arrived for an order already settled some other way (double-refunds.ts). */
  async function refundDouble(session: CardSession) {
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.reference, session.id), eq(payments.provider, 'card')));
    if (!payment) return;
    const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    await giveBackDouble({ db, logger }, payment, async () => {
      // a session without its payment intent cannot be given back here: as a refusal, staff do it
      if (!intent) throw new AppError('error.payment_method_not_found');
      await client.refund({ paymentIntent: intent, key: `double-${session.id}`, orderId: payment.orderId });
    });
  }

  /** Asks Stripe again to give back a double payment it did not answer about (the sweep). */
  async function retryGiveBack(reference: string): Promise<void> {
    await refundDouble(await client.getCheckout(reference));
  }

  async function settle(sessionId: string): Promise<void> {
    const session = await client.getCheckout(sessionId);
    const outcome = await withEvents(db, (tx, emit) => apply(tx, emit, session));
    if (outcome === 'refund') await refundDouble(session);
  }

  async function handleEvent(event: Stripe.Event): Promise<void> {
    const session = event.type.startsWith('checkout.session.')
      ? (event.data.object as Stripe.Checkout.Session)
      : undefined;
    const outcome = await withEvents(db, async (tx, emit) => {
      const [fresh] = await tx
        .insert(cardWebhookEvents)
        .values({ id: event.id, type: event.type, receivedAt: clock.now() })
        .onConflictDoNothing()
        .returning();
      if (fresh && event.type === 'charge.refunded') await checkRefunds(tx, event.data.object as Stripe.Charge);
      if (!fresh || !session) return undefined;
      return apply(tx, emit, session, event.type === 'checkout.session.async_payment_failed');
    });
    if (outcome === 'refund' && session) await refundDouble(session);
  }

  /** Stripe says more was given back than the club recorded: a refund made outside the app (the dashboard). */
  async function checkRefunds(tx: Executor, charge: Stripe.Charge) {
    const orderId = Number(charge.metadata?.order_id);
    if (!Number.isInteger(orderId)) return;
    const [{ refunded } = { refunded: 0 }] = await tx
      .select({ refunded: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), eq(refunds.method, 'card'), ne(refunds.state, 'FAILED')));
    // a card payment for an order settled otherwise is given back whole (`refundDouble`)
    const [{ doubles } = { doubles: 0 }] = await tx
      .select({ doubles: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, orderId),
          eq(payments.provider, 'card'),
          inArray(payments.state, ['REFUNDING', 'REFUNDED']),
        ),
      );
    const recorded = Number(refunded) + Number(doubles);
    if (charge.amount_refunded > recorded)
      logger.error(
        { alert: 'card_refund_outside_app', orderId, charge: charge.id, stripe: charge.amount_refunded, recorded },
        'Stripe refunded more than the club recorded: record it on the order',
      );
  }

  return { settle, handleEvent, retryGiveBack };
}

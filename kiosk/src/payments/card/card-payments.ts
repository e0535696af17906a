import { isFinalOrderStatus } from '@club/machines/order';
import { one } from '@club/shared/api';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { orderReference, ZPaymentOrderBody } from '@club/shared/orders';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { cardWebhookEvents, orderItems, payments, refunds } from '../../db/schema.ts';
import { caller } from '../../http/auth.ts';
import type { AppEnv, AuthInfo, Deps } from '../../http/context.ts';
import { access, answers, jsonBody } from '../../http/openapi.ts';
import { ok } from '../../http/respond.ts';
import { lockOrder } from '../../orders/change-order.ts';
import { markPaid, ownedOrder } from '../../orders/manage-orders.ts';
import { type Emit, withEvents } from '../../outbox/with-events.ts';
import { requirePaymentMethod } from '../../settings/payment-methods.ts';
import { createStripeSimulator, type StripeSimulator } from './simulator.ts';
import { type CardClient, type CardSession, createCardClient, createStripeClient, Stripe } from './stripe-card.ts';

/** Stripe's smallest NOK charge */
export const MIN_CARD_AMOUNT = 300;
const SIMULATOR_KEY = 'sk_test_club_simulator';
const OPEN_STATES = ['CREATED', 'PENDING'];

export interface CardPayments {
  client: CardClient;
  simulator: StripeSimulator | undefined;
  /** Settles a payment from what Stripe says about its session now; safe to repeat. */
  settle(sessionId: string): Promise<void>;
  routes(app: OpenAPIHono<AppEnv>): void;
}

type PaymentRow = typeof payments.$inferSelect;

/**
 * Card payments through Stripe Checkout: the real Stripe when STRIPE_SECRET_KEY is set, else
 * the built-in simulator (hosted page at /stripe-sim). Webhooks and status reads both end
 * in `apply`, which only moves a payment forward, so replayed and out-of-order events change
 * nothing twice.
 */
export function createCardPayments(deps: Deps, kioskFetch: typeof fetch): CardPayments {
  const { config, db, logger } = deps;
  const real = Boolean(config.STRIPE_SECRET_KEY);
  const simulator = real
    ? undefined
    : createStripeSimulator({
        publicBaseUrl: `${config.publicUrl}/stripe-sim`,
        secretKey: SIMULATOR_KEY,
        webhookUrl: `${config.publicUrl}/v1/payment/card/webhook`,
        ...(config.STRIPE_WEBHOOK_SECRET ? { webhookSecret: config.STRIPE_WEBHOOK_SECRET } : {}),
        deliver: kioskFetch,
      });
  const client = createCardClient(
    createStripeClient(
      real
        ? { secretKey: config.STRIPE_SECRET_KEY! }
        : { secretKey: SIMULATOR_KEY, host: 'stripe-simulator.local', protocol: 'http', fetch: simulator!.fetch },
    ),
  );
  const webhookSecret = real ? config.STRIPE_WEBHOOK_SECRET : simulator!.webhookSecret;

  /** Moves the payment of `session` forward; answers a session paid for an order settled otherwise. */
  async function apply(tx: Executor, emit: Emit, session: CardSession, failed = false): Promise<'refund' | undefined> {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.reference, session.id), eq(payments.provider, 'card')))
      .for('update');
    if (!payment || payment.state === 'CAPTURED') return undefined;
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
      await setState('CAPTURED');
      if (isFinalOrderStatus(order.status)) {
        logger.warn({ orderId: order.id, session: session.id }, 'Card payment for a settled order: refunded');
        return 'refund';
      }
      await markPaid(tx, emit, order, 'card', null);
    } else if (session.status === 'complete') {
      await setState(failed ? 'FAILED' : 'PENDING');
    } else if (session.status === 'expired') {
      await setState('EXPIRED');
    }
    return undefined;
  }

  /** Gives back a payment that arrived for an order already settled some other way. */
  async function refundDouble(session: CardSession) {
    const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (!intent) return;
    await client
      .refund({ paymentIntent: intent, key: `double-${session.id}`, orderId: Number(session.client_reference_id) })
      .catch((err: unknown) =>
        logger.error(
          { alert: 'card_refund_failed', session: session.id, err: String(err) },
          'Refund of a double card payment failed',
        ),
      );
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
    const [{ recorded } = { recorded: 0 }] = await tx
      .select({ recorded: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), eq(refunds.method, 'card'), ne(refunds.state, 'FAILED')));
    if (charge.amount_refunded > Number(recorded))
      logger.error(
        { alert: 'card_refund_outside_app', orderId, charge: charge.id, stripe: charge.amount_refunded, recorded },
        'Stripe refunded more than the club recorded: record it on the order',
      );
  }

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
        lines: items.map((i) =>
          i.unitPrice * i.quantity === i.total
            ? { name: i.description, quantity: i.quantity, unitAmount: i.unitPrice }
            : { name: i.description, quantity: 1, unitAmount: i.total },
        ),
        total: order.total,
        successUrl: `${config.publicUrl}/payment/result/${order.id}`,
        cancelUrl: `${config.publicUrl}/payment/overview/${order.id}`,
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

  return {
    client,
    simulator,
    settle,
    routes(app) {
      if (simulator) app.route('/stripe-sim', simulator.pages);

      app.openapi(
        createRoute({
          method: 'post',
          path: '/v1/payment/card/init',
          tags: ['payments'],
          summary: 'Start paying an order by card (Stripe Checkout); open `redirect_url` to pay',
          ...access.user,
          request: jsonBody(ZPaymentOrderBody),
          responses: answers(
            z.object({
              success: z.literal(true),
              server_time: z.string().optional(),
              redirect_url: z.string(),
              payment_id: z.string(),
            }),
          ),
        }),
        async (c) => c.json(ok(await init(caller(c), c.req.valid('json').order_id)), 200),
      );

      app.openapi(
        createRoute({
          method: 'post',
          path: '/v1/payment/card/webhook',
          tags: ['payments'],
          summary: 'Stripe webhook (verified with the endpoint secret; 400 otherwise)',
          ...access.public,
          responses: answers(one('received', z.boolean())),
        }),
        async (c) => {
          const rawBody = await c.req.text();
          let event: Stripe.Event;
          try {
            if (!webhookSecret) throw new Error('no endpoint secret');
            event = client.verifyEvent(rawBody, c.req.header('stripe-signature'), webhookSecret, clock.nowMs());
          } catch {
            throw new AppError('error.invalid_signature');
          }
          await handleEvent(event);
          return c.json(ok({ received: true }), 200);
        },
      );
    },
  };
}

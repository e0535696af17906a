import { randomBytes } from 'node:crypto';
import { isFinalOrderStatus } from '@club/machines/order';
import { one, ZOk } from '@club/shared/api';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { orderReference, ZPaymentOrderBody, ZVippsInitBody } from '@club/shared/orders';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { and, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { caller } from '../../http/auth.ts';
import type { AppEnv, Deps } from '../../http/context.ts';
import { access, answers, jsonBody } from '../../http/openapi.ts';
import { ok } from '../../http/respond.ts';
import { lockOrder } from '../../orders/change-order.ts';
import { markPaid, ownedOrder } from '../../orders/manage-orders.ts';
import { requirePaymentMethod } from '../../settings/payment-methods.ts';
import { usesRealVipps } from '../provider-choice.ts';
import { createVippsClient, type VippsClient, VippsError } from './client.ts';
import { verifyWebhook } from './signature.ts';
import { createVippsSimulator, type VippsSimulator } from './simulator.ts';

const EVENTS = ['authorized', 'aborted', 'expired', 'cancelled', 'captured', 'terminated'].map(
  (e) => `epayments.payment.${e}.v1`,
);
const SWEEP_MS = 15_000;
/** how long an init may take to create its payment at Vipps before polling gives up on it */
const CREATE_GRACE_MS = 5 * 60_000;

export interface VippsPayments {
  client: VippsClient;
  simulator: VippsSimulator | undefined;
  /** Settles a payment from what Vipps says now; safe to call any number of times. */
  settle(reference: string): Promise<void>;
  routes(app: OpenAPIHono<AppEnv>): void;
  /** polls what is still open every `intervalMs` (15 s), in case a webhook never comes */
  start(intervalMs?: number): void;
  stop(): void;
}

/**
 * Vipps for the kiosk: the real ePayment API when VIPPS_* is set, else the built-in
 * simulator (mounted at /vipps-sim). Webhooks and polling both end in `settle`, which reads
 * the truth from Vipps, so late, replayed or out-of-order webhooks never charge twice.
 */
export function createVippsPayments(deps: Deps, kioskFetch: typeof fetch): VippsPayments {
  const { config, db, logger } = deps;
  const webhookUrl = `${config.publicUrl}/v1/payment/vipps/webhook`;
  const real = usesRealVipps(config);
  const simulator = real
    ? undefined
    : createVippsSimulator({ publicBaseUrl: `${config.publicUrl}/vipps-sim`, deliver: kioskFetch });
  const client = createVippsClient(
    real
      ? {
          baseUrl: config.VIPPS_BASE_URL!,
          clientId: config.VIPPS_CLIENT_ID!,
          clientSecret: config.VIPPS_CLIENT_SECRET!,
          subscriptionKey: config.VIPPS_SUBSCRIPTION_KEY ?? '',
          msn: config.VIPPS_MSN ?? '',
        }
      : {
          baseUrl: 'http://vipps-simulator.local',
          clientId: 'sim',
          clientSecret: 'sim',
          subscriptionKey: 'sim',
          msn: '123456',
          fetch: simulator!.fetch,
        },
  );
  let secret: Promise<string | undefined> | undefined = real ? Promise.resolve(config.VIPPS_WEBHOOK_SECRET) : undefined;
  let sweeper: NodeJS.Timeout | undefined;

  /** With the simulator, the kiosk registers its webhook itself (the secret is shown once). */
  function webhookSecret(): Promise<string | undefined> {
    secret ??= client.registerWebhook(webhookUrl, EVENTS).then((w) => w.secret);
    return secret;
  }

  async function settle(reference: string): Promise<void> {
    const remote = await client.getPayment(reference).catch(async (error: unknown) => {
      if (!(error instanceof VippsError && error.status === 404)) throw error;
      await forgetUnknown(reference);
      return undefined;
    });
    if (!remote) return;
    await db.transaction(async (tx) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.reference, reference)).for('update');
      if (!payment || payment.state === 'CAPTURED') return;
      if (remote.state === 'AUTHORIZED') {
        const order = await lockOrder(tx, payment.orderId);
        if (isFinalOrderStatus(order.status)) {
          // settled some other way meanwhile: give the reserved money back
          await client.cancel(reference);
          await tx
            .update(payments)
            .set({ state: 'TERMINATED', updatedAt: clock.now() })
            .where(eq(payments.id, payment.id));
          logger.warn({ reference, orderId: order.id }, 'Vipps payment authorized for a settled order: cancelled');
          return;
        }
        if (remote.aggregate.capturedAmount.value < payment.amount) await client.capture(reference, payment.amount);
        await tx.update(payments).set({ state: 'CAPTURED', updatedAt: clock.now() }).where(eq(payments.id, payment.id));
        await markPaid(tx, order, 'vipps', null);
      } else if (remote.state !== 'CREATED' && payment.state !== remote.state) {
        await tx
          .update(payments)
          .set({ state: remote.state, updatedAt: clock.now() })
          .where(eq(payments.id, payment.id));
      }
    });
  }

  /**
   * Vipps has no payment by this reference: its creation failed. Once it is old enough that
   * no init can still be creating it, it is marked FAILED, so polling stops asking.
   */
  async function forgetUnknown(reference: string): Promise<void> {
    await db
      .update(payments)
      .set({ state: 'FAILED', updatedAt: clock.now() })
      .where(
        and(
          eq(payments.reference, reference),
          eq(payments.state, 'CREATED'),
          lt(payments.createdAt, new Date(clock.nowMs() - CREATE_GRACE_MS)),
        ),
      );
  }

  /** Starts (or resumes) the Vipps payment of an order and answers where to send the payer. */
  async function init(
    by: { userId: number; isAdmin: boolean; sessionId: number },
    input: { orderId: number; phone: string },
    again = true,
  ): Promise<{ redirect_url: string | null; payment_id: number }> {
    await requirePaymentMethod(db, 'vipps');
    await webhookSecret();
    const created = await db.transaction(async (tx) => {
      const order = await ownedOrder(tx, by, input.orderId);
      if (isFinalOrderStatus(order.status)) throw new AppError('error.order_completed');
      if (order.total < 100) throw new AppError('error.payment_method_not_found');
      const [open] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.provider, 'vipps'), eq(payments.state, 'CREATED')))
        .orderBy(desc(payments.id))
        .limit(1);
      if (open) return { payment: open, order, reused: true };
      const reference = `club-${order.id}-${randomBytes(6).toString('hex')}`;
      const [payment] = await tx
        .insert(payments)
        .values({
          orderId: order.id,
          provider: 'vipps',
          reference,
          state: 'CREATED',
          amount: order.total,
          createdAt: clock.now(),
          updatedAt: clock.now(),
        })
        .returning();
      return { payment: payment!, order, reused: false };
    });
    const { payment, order } = created;
    if (created.reused && payment.redirectUrl) {
      const remote = await client
        .getPayment(payment.reference)
        .catch((e: unknown) => (e instanceof VippsError && e.status === 404 ? null : undefined));
      if (remote?.state === 'CREATED') return { redirect_url: payment.redirectUrl, payment_id: payment.id };
      // Vipps does not answer: asking again at once would only spin
      if (remote === undefined || !again) throw new AppError('error.payment_not_initialized');
      if (remote === null) {
        // Vipps made it once (it gave the address) and has forgotten it: start afresh
        await db
          .update(payments)
          .set({ state: 'FAILED', updatedAt: clock.now() })
          .where(and(eq(payments.id, payment.id), eq(payments.state, 'CREATED')));
      } else await settle(payment.reference).catch(() => {});
      // once more, and only once: the open payment has moved on (or this answers an error)
      return init(by, input, false);
    }
    try {
      const answer = await client.createPayment({
        reference: payment.reference,
        amount: payment.amount,
        phone: input.phone,
        description: `${config.CLUB_NAME} ${orderReference(order.id)}`,
        returnUrl: `${config.publicUrl}/payment/vipps/${order.id}`,
      });
      await db
        .update(payments)
        .set({ redirectUrl: answer.redirectUrl ?? null, updatedAt: clock.now() })
        .where(eq(payments.id, payment.id));
      return { redirect_url: answer.redirectUrl ?? null, payment_id: payment.id };
    } catch (error) {
      // The answer may be lost while the payment was made (a timeout, a 5xx after the fact,
      // or a concurrent init with the same reference): Vipps says which.
      const known = await client
        .getPayment(payment.reference)
        .catch((e: unknown) => (e instanceof VippsError && e.status === 404 ? null : undefined));
      if (known?.state === 'CREATED' && known.redirectUrl) {
        await db
          .update(payments)
          .set({ redirectUrl: known.redirectUrl, updatedAt: clock.now() })
          .where(eq(payments.id, payment.id));
        return { redirect_url: known.redirectUrl, payment_id: payment.id };
      }
      logger.warn({ err: String(error), orderId: order.id }, 'Vipps refused to create the payment');
      if (known === null) {
        // Vipps never made it: a later init starts afresh
        await db
          .update(payments)
          .set({ state: 'FAILED', updatedAt: clock.now() })
          .where(and(eq(payments.id, payment.id), eq(payments.state, 'CREATED')));
      } else if (known) {
        // made, and already moved on (approved, rejected, expired): polling settles it
        await settle(payment.reference).catch(() => {});
      }
      // unknown (Vipps did not answer): it stays open; a later init or the sweep finds out
      throw new AppError('error.payment_not_initialized');
    }
  }

  /** The payer changed their mind before approving: the open payment is stopped at Vipps too. */
  async function cancel(by: { userId: number; isAdmin: boolean; sessionId: number }, orderId: number) {
    const open = await db.transaction(async (tx) => {
      const order = await ownedOrder(tx, by, orderId);
      const [payment] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.provider, 'vipps'), eq(payments.state, 'CREATED')))
        .orderBy(desc(payments.id))
        .limit(1);
      return payment;
    });
    if (!open) throw new AppError('error.payment_not_initialized');
    await client.cancel(open.reference).catch(() => {});
    // whatever Vipps says now decides (it may have been approved a moment ago)
    await settle(open.reference).catch(() => {});
    await db
      .update(payments)
      .set({ state: 'TERMINATED', updatedAt: clock.now() })
      .where(and(eq(payments.id, open.id), eq(payments.state, 'CREATED')));
  }

  /** Settles what is still open, in case a webhook never comes. */
  async function sweep() {
    const open = await db
      .select({ reference: payments.reference })
      .from(payments)
      .where(
        and(
          eq(payments.provider, 'vipps'),
          inArray(payments.state, ['CREATED', 'AUTHORIZED']),
          gt(payments.createdAt, new Date(clock.nowMs() - 24 * 3600_000)),
        ),
      );
    for (const { reference } of open)
      await settle(reference).catch((err) => logger.warn({ reference, err: String(err) }, 'Vipps poll failed'));
  }

  return {
    client,
    simulator,
    settle,
    start(intervalMs = SWEEP_MS) {
      clearInterval(sweeper);
      let sweeping = false;
      sweeper = setInterval(() => {
        // a slow Vipps must not pile sweeps on top of each other
        if (sweeping) return;
        sweeping = true;
        void sweep()
          .catch((err) => logger.warn({ err: String(err) }, 'Vipps sweep failed'))
          .finally(() => {
            sweeping = false;
          });
      }, intervalMs);
      sweeper.unref();
    },
    stop() {
      clearInterval(sweeper);
    },
    routes(app) {
      if (simulator) app.route('/vipps-sim', simulator.app);

      app.openapi(
        createRoute({
          method: 'post',
          path: '/v1/payment/vipps/init',
          tags: ['payments'],
          summary: 'Start paying an order with Vipps; open `redirect_url` to approve',
          ...access.user,
          request: jsonBody(ZVippsInitBody),
          responses: answers(
            z.object({
              success: z.literal(true),
              server_time: z.string().optional(),
              redirect_url: z.string().nullable(),
              payment_id: z.number().int(),
            }),
          ),
        }),
        async (c) => {
          const body = c.req.valid('json');
          return c.json(ok(await init(caller(c), { orderId: body.order_id, phone: body.phone })), 200);
        },
      );

      app.openapi(
        createRoute({
          method: 'post',
          path: '/v1/payment/vipps/cancel',
          tags: ['payments'],
          summary: 'Stop an open Vipps payment of an order (`error.payment_not_initialized` when none is open)',
          ...access.user,
          request: jsonBody(ZPaymentOrderBody),
          responses: answers(ZOk),
        }),
        async (c) => {
          await cancel(caller(c), c.req.valid('json').order_id);
          return c.json(ok(), 200);
        },
      );

      app.openapi(
        createRoute({
          method: 'post',
          path: '/v1/payment/vipps/webhook',
          tags: ['payments'],
          summary: 'Vipps MobilePay webhook (HMAC-signed as Vipps specifies; 401 otherwise)',
          ...access.public,
          responses: answers(one('received', z.boolean())),
        }),
        async (c) => {
          const rawBody = await c.req.text();
          const key = await webhookSecret().catch(() => undefined);
          const valid =
            key !== undefined &&
            verifyWebhook({
              secret: key,
              url: webhookUrl,
              rawBody,
              headers: {
                date: c.req.header('x-ms-date'),
                contentSha256: c.req.header('x-ms-content-sha256'),
                authorization: c.req.header('authorization'),
              },
            });
          if (!valid) throw new AppError('error.auth_required');
          const parsed = z.object({ reference: z.string().max(64) }).safeParse(JSON.parse(rawBody));
          if (parsed.success) {
            const [known] = await db
              .select({ id: payments.id })
              .from(payments)
              .where(eq(payments.reference, parsed.data.reference));
            if (known) {
              await settle(parsed.data.reference).catch((err: unknown) => {
                // a non-2xx answer makes Vipps deliver again; the sweep settles it meanwhile too
                logger.warn({ reference: parsed.data.reference, err: String(err) }, 'Vipps webhook not settled yet');
                throw new AppError('error.service_unavailable');
              });
            }
          }
          return c.json(ok({ received: true }), 200);
        },
      );
    },
  };
}

export type { Db };

import { isFinalOrderStatus } from '@club/machines/order';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { and, desc, eq, gt, inArray, lt, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, payments } from '../../db/schema.ts';
import type { AppEnv, Deps } from '../../http/context.ts';
import { tellOrderOwner } from '../../notifications/tell-user.ts';
import { lockOrder } from '../../orders/change-order.ts';
import { markPaid } from '../../orders/mark-paid.ts';
import { ownedOrder } from '../../orders/owned-order.ts';
import { withEvents } from '../../outbox/with-events.ts';
import { giveBackDouble } from '../double-refunds.ts';
import { usesRealVipps } from '../provider-choice.ts';
import { createVippsClient, KIOSK_WEBHOOK_EVENTS, kioskWebhookUrl, type VippsClient, VippsError } from './client.ts';
import type { VippsContext } from './init-vipps-payment.ts';
import { createVippsSimulator, type VippsSimulator } from './simulator.ts';
import { vippsRoutes } from './vipps-routes.ts';

const SWEEP_MS = 15_000;
/** a payment whose money Vipps has taken (and maybe is giving back): settling it again changes nothing */
const TAKEN: string[] = ['CAPTURED', 'REFUNDING', 'REFUNDED'];
/** how long an init may take to create its payment at Vipps before polling gives up on it */
const CREATE_GRACE_MS = 5 * 60_000;

export interface VippsPayments {
  client: VippsClient;
  simulator: VippsSimulator | undefined;
  /** Settles a payment from what Vipps says now; safe to call any number of times. */
  settle(reference: string): Promise<void>;
  /** Asks again to give back a payment for an order settled otherwise, which Vipps did not answer about. */
  retryGiveBack(reference: string): Promise<void>;
  routes(app: OpenAPIHono<AppEnv>): void;
  /** polls what is still open every `intervalMs` (15 s), in case a webhook never comes */
  start(intervalMs?: number): void;
  stop(): void;
}

/** What settling, cancelling and sweeping work with. */
interface Settling {
  db: Db;
  client: VippsClient;
  logger: Deps['logger'];
}

/**
 * Vipps for the kiosk: the real ePayment API when VIPPS_* is set, else the built-in
 * simulator (mounted at /vipps-sim). Webhooks and polling both end in `settle`, which reads
 * the truth from Vipps, so late, replayed or out-of-order webhooks never charge twice.
 * `publicFetch` is how the simulator's webhooks reach PUBLIC_URL: over the network, as Vipps'.
 */
export function createVippsPayments(deps: Deps, publicFetch: typeof fetch = fetch): VippsPayments {
  const { config, db, logger } = deps;
  const webhookUrl = kioskWebhookUrl(config.publicUrl);
  const real = usesRealVipps(config);
  const simulator = real
    ? undefined
    : createVippsSimulator({ publicBaseUrl: `${config.publicUrl}/vipps-sim`, deliver: publicFetch });
  const client = vippsClient(config, simulator);
  const settling: Settling = { db, client, logger };
  let secret: Promise<string | undefined> | undefined = real ? Promise.resolve(config.VIPPS_WEBHOOK_SECRET) : undefined;
  let sweeper: NodeJS.Timeout | undefined;

  /**
   * With the simulator, the kiosk registers its webhook itself, at start (the secret is shown
   * once, so it lives in memory); a registration that failed is tried again when next needed.
   * With real Vipps it was registered once by whoever set VIPPS_WEBHOOK_SECRET.
   */
  function webhookSecret(): Promise<string | undefined> {
    secret ??= client
      .registerWebhook(webhookUrl, KIOSK_WEBHOOK_EVENTS)
      .then((w) => w.secret)
      .catch((error: unknown) => {
        secret = undefined;
        throw error;
      });
    return secret;
  }

  const settle = (reference: string) => settleVipps(settling, reference);
  const context: VippsContext = { db, client, config, logger, webhookSecret, settle };

  return {
    client,
    simulator,
    settle,
    async retryGiveBack(reference) {
      const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
      if (payment?.state === 'REFUNDING') await refundDouble(settling, payment);
    },
    start(intervalMs = SWEEP_MS) {
      webhookSecret().catch((err: unknown) =>
        logger.warn({ err: String(err) }, 'Vipps webhook not registered yet: it is tried again at the first payment'),
      );
      clearInterval(sweeper);
      let sweeping = false;
      sweeper = setInterval(() => {
        // a slow Vipps must not pile sweeps on top of each other
        if (sweeping) return;
        sweeping = true;
        void sweep(settling)
          .catch((err) => logger.warn({ err: String(err) }, 'Vipps sweep failed'))
          .finally(() => {
            sweeping = false;
          });
      }, intervalMs);
      sweeper.unref();
    },
    stop() {
      clearInterval(sweeper);
      simulator?.close();
    },
    routes(app) {
      vippsRoutes(app, {
        ...context,
        simulator,
        webhookUrl,
        cancel: (by, orderId) => cancelVipps(settling, by, orderId),
      });
    },
  };
}

/** The real ePayment API with the VIPPS_* settings, or the simulator behind the same client. */
function vippsClient(config: Deps['config'], simulator: VippsSimulator | undefined): VippsClient {
  return createVippsClient(
    simulator
      ? {
          baseUrl: 'http://vipps-simulator.local',
          clientId: 'sim',
          clientSecret: 'sim',
          subscriptionKey: 'sim',
          msn: '123456',
          fetch: simulator.fetch,
          timeoutMs: config.PROVIDER_TIMEOUT_MS,
        }
      : {
          baseUrl: config.VIPPS_BASE_URL!,
          clientId: config.VIPPS_CLIENT_ID!,
          clientSecret: config.VIPPS_CLIENT_SECRET!,
          subscriptionKey: config.VIPPS_SUBSCRIPTION_KEY ?? '',
          msn: config.VIPPS_MSN ?? '',
          timeoutMs: config.PROVIDER_TIMEOUT_MS,
        },
  );
}

/**
 * Settles a payment from what Vipps says now; safe to call any number of times. Vipps is told
 * (capture, cancel) between two transactions, never inside one: on the embedded database an
 * open transaction holds every other request of the club, and a call may take the provider's
 * whole timeout. Both calls are idempotent at Vipps, so settles that overlap ask the same.
 */
async function settleVipps(settling: Settling, reference: string): Promise<void> {
  const { db, client } = settling;
  const remote = await client.getPayment(reference).catch(async (error: unknown) => {
    if (!(error instanceof VippsError && error.status === 404)) throw error;
    await forgetUnknown(db, reference);
    return undefined;
  });
  if (!remote) return;
  if (remote.state !== 'AUTHORIZED') {
    if (remote.state === 'CREATED') return;
    await db
      .update(payments)
      .set({ state: remote.state, updatedAt: clock.now() })
      .where(and(eq(payments.reference, reference), notInArray(payments.state, [...TAKEN, remote.state])));
    return;
  }
  const [open] = await db
    .select({ payment: payments, orderStatus: orders.status })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.reference, reference));
  if (!open || TAKEN.includes(open.payment.state)) return;
  const { payment } = open;
  if (isFinalOrderStatus(open.orderStatus)) {
    await client.cancel(reference);
    await recordCancelled(settling, payment.id);
    return;
  }
  if (remote.aggregate.capturedAmount.value < payment.amount) await client.capture(reference, payment.amount);
  if ((await recordCaptured(settling, payment.id)) === 'settled otherwise') await refundDouble(settling, payment);
}

/** Settled some other way before the payer approved: the reserved money was given back. */
async function recordCancelled({ db, logger }: Settling, paymentId: number): Promise<void> {
  const [cancelled] = await db
    .update(payments)
    .set({ state: 'TERMINATED', updatedAt: clock.now() })
    .where(and(eq(payments.id, paymentId), notInArray(payments.state, TAKEN)))
    .returning({ orderId: payments.orderId });
  if (cancelled)
    logger.warn({ paymentId, orderId: cancelled.orderId }, 'Vipps payment authorized for a settled order: cancelled');
}

/**
 * The money is taken: the order is paid by Vipps, unless it was settled some other way while
 * Vipps was capturing (staff took it at the counter meanwhile), when it is to be given back.
 */
async function recordCaptured({ db }: Settling, paymentId: number): Promise<'paid' | 'settled otherwise' | undefined> {
  return withEvents(db, async (tx, emit) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment || TAKEN.includes(payment.state)) return undefined;
    const order = await lockOrder(tx, payment.orderId);
    if (isFinalOrderStatus(order.status)) {
      // recorded before Vipps is asked, as a card's double payment is
      await tx.update(payments).set({ state: 'REFUNDING', updatedAt: clock.now() }).where(eq(payments.id, payment.id));
      await tellOrderOwner(tx, emit, order, { key: 'notice.vipps_double_refunded', amount: payment.amount });
      return 'settled otherwise';
    }
    await tx.update(payments).set({ state: 'CAPTURED', updatedAt: clock.now() }).where(eq(payments.id, payment.id));
    await markPaid(tx, emit, order, 'vipps', null);
    return 'paid';
  });
}

/** Gives back a Vipps payment captured for an order already settled some other way (double-refunds.ts). */
function refundDouble(
  { db, client, logger }: Settling,
  payment: Pick<typeof payments.$inferSelect, 'id' | 'provider' | 'reference' | 'amount' | 'orderId'>,
): Promise<void> {
  return giveBackDouble({ db, logger }, payment, () =>
    client.refund(payment.reference, payment.amount, `double-${payment.reference}`),
  );
}

/**
 * Vipps has no payment by this reference: its creation failed. Once it is old enough that
 * no init can still be creating it, it is marked FAILED, so polling stops asking.
 */
async function forgetUnknown(db: Db, reference: string): Promise<void> {
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

/** The payer changed their mind before approving: the open payment is stopped at Vipps too. */
async function cancelVipps(
  settling: Settling,
  by: { userId: number; isAdmin: boolean; sessionId: number },
  orderId: number,
): Promise<void> {
  const { db, client } = settling;
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
  await settleVipps(settling, open.reference).catch(() => {});
  await db
    .update(payments)
    .set({ state: 'TERMINATED', updatedAt: clock.now() })
    .where(and(eq(payments.id, open.id), eq(payments.state, 'CREATED')));
}

/** Settles what is still open, in case a webhook never comes. */
async function sweep(settling: Settling): Promise<void> {
  const open = await settling.db
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
    await settleVipps(settling, reference).catch((err) =>
      settling.logger.warn({ reference, err: String(err) }, 'Vipps poll failed'),
    );
}

export type { Db };

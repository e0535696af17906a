import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import type { TPaymentMethod, TReturnedLine } from '@club/shared/orders';
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { journalReturn, linesLeft, returnDetail, unitsWorth } from '../cash/journal-return.ts';
import { registrar } from '../cash/operator-sessions.ts';
import type { Db, Executor } from '../db/client.ts';
import { orders, payments, type RefundedLine, refunds } from '../db/schema.ts';
import type { AuthInfo, Deps } from '../http/context.ts';
import { tellOrderOwner } from '../notifications/tell-user.ts';
import { changeOrder, lockOrder, type OrderRow } from '../orders/change-order.ts';
import { takeBackSubscriptions } from '../orders/take-back-subscriptions.ts';
import { type Emit, withEvents } from '../outbox/with-events.ts';
import type { CardPayments } from './card/card-payments.ts';
import { ASK_LEASE_MS, refusedByProvider } from './provider-answers.ts';
import type { VippsPayments } from './vipps/vipps-payments.ts';

type RefundRow = typeof refunds.$inferSelect;
/** What staff ask for: a return of `lines`, or a price reduction of `amount` (unset: all that is left). */
type RefundInput = { id: number; amount?: number | undefined; lines?: TReturnedLine[] | undefined; reason: string };
type Providers = { vipps: VippsPayments; card: CardPayments };

const PROVIDER_METHODS: TPaymentMethod[] = ['vipps', 'card'];
/** Given back through Vipps or Stripe (else: by hand at the counter). */
export const throughProvider = (refund: RefundRow) => PROVIDER_METHODS.includes(refund.method);

/** What became of a refund: given back, refused by the provider, or not known yet. */
export type RefundOutcome = { state: 'SUCCEEDED' } | { state: 'PENDING' } | { state: 'FAILED'; error: AppError };

/**
 * Gives money back on a paid order (DESIGN §11), in three steps so that a slow provider
 * never holds a lock: (1) under the order's lock the amount is checked against what is left
 * and reserved (`refunded_amount` goes up), so concurrent refunds can never add up to more
 * than was paid; (2) the provider is asked (Vipps ePayment refund, Stripe refund; physical,
 * cash and system refunds are money handed back at the counter); (3) the refund is recorded
 * as done, a full refund moves the order to `refunded`, and the player is told. Only a
 * refusal the provider states releases the reservation; an answer that never came (a
 * timeout, a 5xx) leaves the refund pending with its key, for the sweep or staff to ask
 * again (answered as pending, not as an error).
 */
export async function refundOrder(
  deps: Deps,
  providers: Providers,
  by: AuthInfo,
  input: RefundInput,
): Promise<{ order: OrderRow; refundId: number; outcome: RefundOutcome }> {
  const { db } = deps;
  const { order, refund } = await db.transaction((tx) => reserveRefund(tx, by, input));
  const outcome = await settleRefund(deps, providers, refund);
  if (outcome.state === 'FAILED') throw outcome.error;
  return { order: await db.transaction((tx) => lockOrder(tx, order.id)), refundId: refund.id, outcome };
}

/**
 * Staff asking again about an order's refunds whose outcome is not known: each is asked
 * with its own key, so one the provider already made is recorded, never made twice. A
 * refund someone is asking about right now is left to them.
 */
export async function retryPendingRefunds(deps: Deps, providers: Providers, orderId: number): Promise<void> {
  const pending = await deps.db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.state, 'PENDING'), inArray(refunds.method, PROVIDER_METHODS)));
  for (const row of pending) {
    const claimed = await claimRefund(deps.db, row.id);
    if (claimed) await settleRefund(deps, providers, claimed);
  }
}

/**
 * Takes the right to ask the provider about a pending refund: nobody holds it, or whoever
 * did is older than the lease (a crash). Answers the refund, or null when someone else asks.
 */
export async function claimRefund(db: Db, refundId: number): Promise<RefundRow | null> {
  const now = clock.now();
  const [claimed] = await db
    .update(refunds)
    .set({ askingSince: now })
    .where(
      and(
        eq(refunds.id, refundId),
        eq(refunds.state, 'PENDING'),
        or(isNull(refunds.askingSince), lt(refunds.askingSince, new Date(now.getTime() - ASK_LEASE_MS))),
      ),
    )
    .returning();
  return claimed ?? null;
}

/** Gives up the claim on a refund still pending: the next sweep (or staff) may ask at once. */
async function letGo(db: Db, refund: RefundRow): Promise<void> {
  await db
    .update(refunds)
    .set({ askingSince: null })
    .where(and(eq(refunds.id, refund.id), eq(refunds.state, 'PENDING')));
}

/**
 * Asks the provider for a refund the caller has claimed (with the refund's own idempotency
 * key, so asking again never pays twice) and records what really happened: done
 * (journaled once), refused by the provider (the reservation released), or not known (a
 * timeout, a 5xx, a database error after the provider paid): then it stays pending.
 * Money handed back at the counter has no provider to ask: if it cannot be recorded, staff
 * saw an error and handed nothing back, so it is released.
 */
export async function settleRefund(deps: Deps, providers: Providers, refund: RefundRow): Promise<RefundOutcome> {
  const { db, logger } = deps;
  const log = { orderId: refund.orderId, refundId: refund.id };
  let reference: string | null;
  try {
    reference = await pay(deps, providers, refund);
  } catch (error) {
    if (!throughProvider(refund) || refusedByProvider(error)) {
      logger.error({ alert: 'refund_failed', ...log, err: String(error) }, 'Refund refused');
      await releaseRefund(db, refund);
      return { state: 'FAILED', error: error instanceof AppError ? error : new AppError('error.refund_refused') };
    }
    logger.warn({ alert: 'refund_unconfirmed', ...log, err: String(error) }, 'Refund outcome unknown: kept pending');
    await letGo(db, refund).catch(() => undefined);
    return { state: 'PENDING' };
  }
  try {
    await withEvents(db, (tx, emit) => complete(tx, emit, refund, reference, refund.actorUserId));
    return { state: 'SUCCEEDED' };
  } catch (error) {
    if (reference === null) {
      logger.error({ alert: 'refund_failed', ...log, err: String(error) }, 'Counter refund not recorded');
      await releaseRefund(db, refund);
      return { state: 'FAILED', error: new AppError('error.service_unavailable') };
    }
    // the provider gave the money back: asking again with the same key answers the same refund
    logger.error({ alert: 'refund_unrecorded', ...log, err: String(error) }, 'Refund made but not recorded');
    await letGo(db, refund).catch(() => undefined);
    return { state: 'PENDING' };
  }
}

/** A refund that did not happen gives its reservation back; only a refund still pending can. */
export async function releaseRefund(db: Db, refund: RefundRow): Promise<void> {
  await db.transaction(async (tx) => {
    const [released] = await tx
      .update(refunds)
      .set({ state: 'FAILED', askingSince: null })
      .where(and(eq(refunds.id, refund.id), eq(refunds.state, 'PENDING')))
      .returning({ id: refunds.id });
    if (!released) return;
    await tx
      .update(orders)
      .set({ refundedAmount: sql`${orders.refundedAmount} - ${refund.amount}`, updatedAt: clock.now() })
      .where(eq(orders.id, refund.orderId));
  });
}

export async function reserveRefund(tx: Executor, by: AuthInfo, input: RefundInput) {
  const order = await lockOrder(tx, input.id);
  if (order.status === 'refunded') throw new AppError('error.refund_too_large');
  if (order.status !== 'paid' && order.status !== 'approved') throw new AppError('error.unable_to_update_order');
  if (!order.method) throw new AppError('error.payment_method_not_found');
  // while a provider has not answered about one refund, staff ask again before giving more
  const [unknown] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), eq(refunds.state, 'PENDING'), inArray(refunds.method, PROVIDER_METHODS)))
    .limit(1);
  if (unknown) throw new AppError('error.refund_pending');
  const left = order.total - order.refundedAmount;
  if (left <= 0) throw new AppError('error.refund_too_large');
  const returned = input.lines
    ? await chosenLines(tx, order.id, input.lines)
    : input.amount === undefined || input.amount === left
      ? await everythingLeft(tx, order.id, left)
      : null;
  const amount = returned ? returned.reduce((s, l) => s + l.gross, 0) : (input.amount ?? left);
  // what staff saw before confirming is what goes back, or nothing does
  if (input.lines && input.amount !== undefined && input.amount !== amount)
    throw new AppError('error.return_amount_changed');
  if (amount < 1) throw new AppError('error.amount_too_small');
  if (amount > left) throw new AppError('error.refund_too_large');
  await tx
    .update(orders)
    .set({ refundedAmount: order.refundedAmount + amount, updatedAt: clock.now() })
    .where(eq(orders.id, order.id));
  const now = clock.now();
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      method: order.method,
      amount,
      reason: input.reason,
      returnLines: returned,
      state: 'PENDING',
      // the counter's signed-in operator, whose name the return is journaled in
      actorUserId: (await registrar(tx, by)).actorUserId,
      // the request that reserves it asks the provider first
      askingSince: now,
      createdAt: now,
    })
    .returning();
  return { order, refund: refund! };
}

/**
 * The units staff chose to take back, each with the øre it gives back. Never more units than
 * were sold less those returned before (journaled, or reserved by a refund not yet done).
 */
async function chosenLines(tx: Executor, orderId: number, chosen: readonly TReturnedLine[]): Promise<RefundedLine[]> {
  const left = await linesLeft(tx, orderId);
  const reserved = await reservedUnits(tx, orderId);
  return chosen.map(({ item_id, quantity }) => {
    const line = left.find((l) => l.item.id === item_id);
    if (!line || quantity > line.units - (reserved.get(item_id) ?? 0)) throw new AppError('error.return_too_many');
    return { item_id, quantity, gross: unitsWorth(line, quantity) };
  });
}

/**
 * A refund of all that is left, with no lines named, is a return of every unit left (so a
 * full refund ends prepaid hours as a return does). When the lines do not add up to what
 * is left (an order without lines, another refund under way) it stays a price reduction.
 */
async function everythingLeft(tx: Executor, orderId: number, left: number): Promise<RefundedLine[] | null> {
  if ((await reservedUnits(tx, orderId)).size > 0) return null;
  const lines = (await linesLeft(tx, orderId))
    .filter((l) => l.units > 0)
    .map((l) => ({ item_id: l.item.id, quantity: l.units, gross: unitsWorth(l, l.units) }));
  return lines.length > 0 && lines.reduce((s, l) => s + l.gross, 0) === left ? lines : null;
}

/** Units of each line a refund not yet done holds (journaled only when the provider confirms). */
async function reservedUnits(tx: Executor, orderId: number): Promise<Map<number, number>> {
  const pending = await tx
    .select({ lines: refunds.returnLines })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.state, 'PENDING')));
  const units = new Map<number, number>();
  for (const line of pending.flatMap((r) => r.lines ?? []))
    units.set(line.item_id, (units.get(line.item_id) ?? 0) + line.quantity);
  return units;
}

/** Asks the provider the order was paid with; answers its reference of the refund. */
export async function pay({ db }: Pick<Deps, 'db'>, providers: Providers, refund: RefundRow): Promise<string | null> {
  if (refund.method !== 'vipps' && refund.method !== 'card') return null;
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.orderId, refund.orderId), eq(payments.provider, refund.method), eq(payments.state, 'CAPTURED')),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  if (!payment) {
    // paid at the till (Vipps on the club's own number) there is no provider payment to
    // refund through: the money goes back there, by hand, as with cash
    const [online] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, refund.orderId), eq(payments.provider, refund.method)))
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
    orderId: refund.orderId,
  });
  // a refund Stripe refused after taking it (declined by the bank) gave nothing back
  if (made.status === 'failed' || made.status === 'canceled') throw new AppError('error.refund_refused');
  return made.id;
}

/**
 * Records a refund as done: the provider has confirmed it (or the money was handed back at
 * the counter). The return receipt is journaled here, in the same transaction, so the
 * register counts a return exactly when money moved, and prepaid hours the money bought
 * are taken back with it. Only a pending refund can complete:
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
    .set({ state: 'SUCCEEDED', providerReference, askingSince: null })
    .where(and(eq(refunds.id, refund.id), eq(refunds.state, 'PENDING')))
    .returning();
  if (!done) return null;
  let order = await lockOrder(tx, refund.orderId);
  const returned = await journalReturn(tx, done, actorUserId);
  await takeBackSubscriptions(tx, emit, order, returnDetail(returned).lines, actorUserId);
  if (order.refundedAmount >= order.total)
    order = await changeOrder(tx, emit, order, { type: 'REFUND' }, { actorUserId });
  await tellOrderOwner(tx, emit, order, { key: 'notice.order_refunded', amount: refund.amount });
  return order;
}

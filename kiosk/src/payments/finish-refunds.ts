import { clock } from '@club/shared/clock';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { refunds } from '../db/schema.ts';
import type { Deps } from '../http/context.ts';
import type { CardPayments } from './card/card-payments.ts';
import { unansweredGiveBacks } from './double-refunds.ts';
import { ASK_LEASE_MS } from './provider-answers.ts';
import { claimRefund, releaseRefund, settleRefund, throughProvider } from './refund-order.ts';
import type { VippsPayments } from './vipps/vipps-payments.ts';

/** Older than this, no request is still working on a pending refund (the provider's timeouts and retries are shorter). */
export const STALLED_REFUND_MS = ASK_LEASE_MS;

/**
 * Finishes refunds whose outcome is not known, so none stays pending for ever: one whose
 * provider did not answer (a timeout, a 5xx), one recorded nowhere after the provider paid
 * (a database error), one a crash cut off after its reservation. A refund through Vipps or
 * Stripe is asked again with its own idempotency key: if the provider already gave the
 * money back it answers the same refund, which is recorded (and journaled) once; only a
 * refusal it states releases the reservation; no answer leaves it for the next sweep. A
 * refund at the counter is released: the staff never saw it succeed, so no money was
 * handed back. A refund someone is asking about right now (its claim younger than the
 * lease) is left alone. Answers how many it asked about.
 */
export async function finishStalledRefunds(
  deps: Deps,
  providers: { vipps: VippsPayments; card: CardPayments },
): Promise<number> {
  const { db, logger } = deps;
  const stalled = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.state, 'PENDING'),
        or(isNull(refunds.askingSince), lt(refunds.askingSince, new Date(clock.nowMs() - ASK_LEASE_MS))),
      ),
    );
  let asked = 0;
  for (const { id } of stalled) {
    const refund = await claimRefund(db, id);
    if (!refund) continue;
    asked++;
    if (!throughProvider(refund)) {
      await releaseRefund(db, refund);
      logger.warn({ refundId: refund.id, orderId: refund.orderId }, 'Stalled counter refund released');
      continue;
    }
    const outcome = await settleRefund(deps, providers, refund);
    logger.warn({ refundId: refund.id, orderId: refund.orderId, state: outcome.state }, 'Pending refund asked again');
  }
  return asked;
}

/**
 * Asks again about the payments for orders settled otherwise whose giving back had no answer
 * (double-refunds.ts), each with its first idempotency key. Answers how many it asked about.
 */
export async function finishGiveBacks(
  { db, logger }: Pick<Deps, 'db' | 'logger'>,
  providers: { vipps: VippsPayments; card: CardPayments },
): Promise<number> {
  const unanswered = await unansweredGiveBacks(db);
  for (const payment of unanswered) {
    const provider =
      payment.provider === 'vipps' ? providers.vipps : payment.provider === 'card' ? providers.card : null;
    await provider
      ?.retryGiveBack(payment.reference)
      .catch((err) => logger.warn({ paymentId: payment.id, err: String(err) }, 'Give-back asked again: no answer'));
  }
  return unanswered.length;
}

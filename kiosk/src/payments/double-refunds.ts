import { clock } from '@club/shared/clock';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { payments } from '../db/schema.ts';
import type { Deps } from '../http/context.ts';
import { ASK_LEASE_MS, refusedByProvider } from './provider-answers.ts';

type PaymentRow = typeof payments.$inferSelect;

/**
 * A payment that arrived for an order already settled some other way is given back whole. It is
 * recorded `REFUNDING` before the provider is asked (card-settlement.ts, vipps-payments.ts), and
 * here it becomes `REFUNDED` once the provider answers, or `CAPTURED` again (the money still
 * taken, staff alerted) only when the provider states a refusal. No answer (a timeout, a 5xx)
 * says nothing about the money: it stays `REFUNDING`, and the sweep asks again with the same
 * idempotency key, so the money goes back once.
 */
export async function giveBackDouble(
  { db, logger }: Pick<Deps, 'db' | 'logger'>,
  payment: Pick<PaymentRow, 'id' | 'provider' | 'orderId' | 'reference'>,
  ask: () => Promise<void>,
): Promise<void> {
  const log = { paymentId: payment.id, orderId: payment.orderId, reference: payment.reference };
  try {
    await ask();
  } catch (err) {
    if (!refusedByProvider(err)) {
      logger.warn(
        { alert: 'double_refund_unconfirmed', ...log, err: String(err) },
        'No answer to a give-back: asked again',
      );
      return;
    }
    logger.error(
      { alert: `${payment.provider}_refund_failed`, ...log, err: String(err) },
      'Refund of a double payment was refused: staff must refund it',
    );
    // the order's history must not say given back: the money is still taken
    await setFrom(db, payment.id, 'CAPTURED');
    return;
  }
  await setFrom(db, payment.id, 'REFUNDED');
  logger.warn(log, 'Payment for a settled order: given back');
}

/** Give-backs no one has had an answer to for longer than a request takes: for the sweep to ask again. */
export function unansweredGiveBacks(db: Db): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.state, 'REFUNDING'), lt(payments.updatedAt, new Date(clock.nowMs() - ASK_LEASE_MS))));
}

function setFrom(db: Db, id: number, state: 'REFUNDED' | 'CAPTURED') {
  return db
    .update(payments)
    .set({ state, updatedAt: clock.now() })
    .where(and(eq(payments.id, id), eq(payments.state, 'REFUNDING')));
}

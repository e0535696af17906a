import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { and, eq, lt } from 'drizzle-orm';
import { orders, refunds } from '../db/schema.ts';
import type { Deps } from '../http/context.ts';
import { withEvents } from '../outbox/with-events.ts';
import type { CardPayments } from './card/card-payments.ts';
import { complete, pay, releaseRefund } from './refund-order.ts';
import { VippsError } from './vipps/client.ts';
import type { VippsPayments } from './vipps/vipps-payments.ts';

/** Older than this, no request is still working on a pending refund (the provider's timeouts and retries are shorter). */
export const STALLED_REFUND_MS = 2 * 60_000;

/**
 * Finishes refunds a crash cut off after their reservation, so none stays pending for ever.
 * A refund through Vipps or Stripe is asked again with the same idempotency key: if the
 * provider already gave the money back it answers the same refund, and the refund is
 * recorded (and journaled) as done; if it refuses, the reservation is released. A refund at
 * the counter is released: the staff never saw it succeed, so no money was handed back.
 * A provider that cannot be reached leaves the refund for the next sweep.
 */
export async function finishStalledRefunds(
  deps: Deps,
  providers: { vipps: VippsPayments; card: CardPayments },
): Promise<number> {
  const { db, logger } = deps;
  const stalled = await db
    .select({ refund: refunds, order: orders })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(
      and(eq(refunds.state, 'PENDING'), lt(refunds.createdAt, new Date(clock.now().getTime() - STALLED_REFUND_MS))),
    );
  for (const { refund, order } of stalled) {
    if (refund.method !== 'vipps' && refund.method !== 'card') {
      await releaseRefund(db, refund);
      logger.warn({ refundId: refund.id, orderId: order.id }, 'Stalled counter refund released');
      continue;
    }
    try {
      const reference = await pay(deps, providers, order, refund);
      await withEvents(db, (tx, emit) => complete(tx, emit, refund, reference, refund.actorUserId));
      logger.warn({ refundId: refund.id, orderId: order.id }, 'Stalled refund finished');
    } catch (error) {
      if (!refusedByProvider(error)) {
        logger.warn({ refundId: refund.id, err: String(error) }, 'Stalled refund: provider unreachable, retry later');
        continue;
      }
      await releaseRefund(db, refund);
      logger.error({ alert: 'refund_failed', refundId: refund.id, err: String(error) }, 'Stalled refund refused');
    }
  }
  return stalled.length;
}

function refusedByProvider(error: unknown): boolean {
  if (error instanceof AppError) return true;
  if (error instanceof VippsError) return error.status >= 400 && error.status < 500;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

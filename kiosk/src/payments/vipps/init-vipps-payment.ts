import { randomBytes } from 'node:crypto';
import { isFinalOrderStatus } from '@club/machines/order';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { orderReference } from '@club/shared/orders';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import type { Deps } from '../../http/context.ts';
import { ownedOrder } from '../../orders/owned-order.ts';
import { requirePaymentMethod } from '../../settings/payment-methods.ts';
import { type VippsClient, VippsError } from './client.ts';

/** What starting a Vipps payment works with. */
export interface VippsContext {
  db: Db;
  client: VippsClient;
  config: Deps['config'];
  logger: Deps['logger'];
  /** the kiosk's webhook registered (with the simulator) before the first payment */
  webhookSecret(): Promise<string | undefined>;
  settle(reference: string): Promise<void>;
}

/** Starts (or resumes) the Vipps payment of an order and answers where to send the payer. */
export async function initVippsPayment(
  vipps: VippsContext,
  by: { userId: number; isAdmin: boolean; sessionId: number },
  input: { orderId: number; phone: string },
  again = true,
): Promise<{ redirect_url: string | null; payment_id: number }> {
  const { db, client, config, logger } = vipps;
  await requirePaymentMethod(db, 'vipps');
  await vipps.webhookSecret();
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
    } else await vipps.settle(payment.reference).catch(() => {});
    // once more, and only once: the open payment has moved on (or this answers an error)
    return initVippsPayment(vipps, by, input, false);
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
      await vipps.settle(payment.reference).catch(() => {});
    }
    // unknown (Vipps did not answer): it stays open; a later init or the sweep finds out
    throw new AppError('error.payment_not_initialized');
  }
}

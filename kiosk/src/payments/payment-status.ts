import type { TPaymentStatus } from '@club/shared/orders';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { payments } from '../db/schema.ts';
import type { AuthInfo } from '../http/context.ts';
import { readOrder } from '../orders/owned-order.ts';
import type { CardPayments } from './card/card-payments.ts';
import type { VippsPayments } from './vipps/vipps-payments.ts';

/** Where an order's payment stands; an open Vipps or card payment is asked about first (a late webhook). */
export async function paymentStatus(
  db: Db,
  providers: { vipps: VippsPayments; card: CardPayments },
  by: AuthInfo,
  orderId: number,
): Promise<TPaymentStatus> {
  await readOrder(db, by, orderId);
  const latest = async () =>
    (await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id)).limit(1))[0];
  const open = await latest();
  if (open?.provider === 'vipps' && (open.state === 'CREATED' || open.state === 'AUTHORIZED')) {
    await providers.vipps.settle(open.reference).catch(() => {});
  }
  if (open?.provider === 'card' && open.reference.startsWith('cs_') && ['CREATED', 'PENDING'].includes(open.state)) {
    await providers.card.settle(open.reference).catch(() => {});
  }
  const order = await readOrder(db, by, orderId);
  const payment = await latest();
  return {
    order_id: order.id,
    order_status: order.status,
    method: order.method,
    total: order.total,
    payment: payment
      ? {
          id: payment.id,
          provider: payment.provider,
          reference: payment.reference,
          state: payment.state as NonNullable<TPaymentStatus['payment']>['state'],
          amount: payment.amount,
          redirect_url: payment.redirectUrl,
          created_at: payment.createdAt.toISOString(),
        }
      : null,
  };
}

import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { orderEvents, orders } from '../db/schema.ts';
import type { Emit } from '../outbox/with-events.ts';
import { requirePaymentMethod } from '../settings/payment-methods.ts';
import type { OrderRow } from './change-order.ts';

/** The player will pay with a card at the kiosk: staff see it in their queue. */
export async function choosePhysical(
  tx: Executor,
  emit: Emit,
  order: OrderRow,
  actorUserId: number,
): Promise<OrderRow> {
  await requirePaymentMethod(tx, 'physical');
  if (order.status !== 'waiting' && order.status !== 'pay_later') throw new AppError('error.order_completed');
  const [updated] = await tx
    .update(orders)
    .set({ method: 'physical', updatedAt: clock.now() })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  if (!updated) throw new AppError('error.order_completed');
  await logPhysical(tx, emit, updated, actorUserId);
  return updated;
}

/** The timeline's entry of a card payment chosen (the status stays), and the owner's phone told. */
export async function logPhysical(tx: Executor, emit: Emit, order: OrderRow, actorUserId: number): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId: order.id,
    actorUserId,
    fromStatus: order.status,
    toStatus: order.status,
    method: 'physical',
    at: clock.now(),
  });
  await emit({
    type: 'order.updated',
    payload: { order_id: order.id, user_id: order.userId, status: order.status },
  });
}

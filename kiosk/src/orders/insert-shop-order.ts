import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import type { Executor } from '../db/client.ts';
import { orderEvents, orderItems, orders } from '../db/schema.ts';
import { orderDiscount } from '../discounts/applicable.ts';
import type { Emit } from '../outbox/with-events.ts';
import { settleIfFree } from './change-order.ts';
import { withLineVat } from './line-vat.ts';

type ShopLine = Parameters<typeof withLineVat>[0][number];

const sumOf = (lines: ShopLine[], kind?: 'product' | 'subscription') =>
  lines.filter((l) => !kind || l.kind === kind).reduce((sum, l) => sum + l.total, 0);

/**
 * A waiting shop order (from the cart online, or sold over the counter): the buyer's role
 * discounts, each line with its VAT after its share of them, its first status event, announced;
 * an order that costs nothing is settled at once. Answers its id.
 */
export async function insertShopOrder(
  tx: Executor,
  emit: Emit,
  input: { userId: number | null; actorUserId: number; roleId: number | null; lines: ShopLine[] },
): Promise<number> {
  const { lines } = input;
  const subtotal = sumOf(lines);
  const now = clock.now();
  const discount = await orderDiscount(tx, {
    roleId: input.roleId,
    at: now.getTime(),
    totals: { products: sumOf(lines, 'product'), subscriptions: sumOf(lines, 'subscription') },
  });
  const [order] = await tx
    .insert(orders)
    .values({
      userId: input.userId,
      kind: 'shop',
      status: 'waiting',
      subtotal,
      discountAmount: discount,
      total: subtotal - discount,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!order) throw new AppError('error.unable_to_create_order');
  await tx.insert(orderItems).values(withLineVat(lines, discount).map((l) => ({ ...l, orderId: order.id })));
  await tx
    .insert(orderEvents)
    .values({ orderId: order.id, actorUserId: input.actorUserId, fromStatus: null, toStatus: 'waiting', at: now });
  await emit({ type: 'order.created', payload: { order_id: order.id, user_id: order.userId } });
  await settleIfFree(tx, emit, order.id);
  return order.id;
}

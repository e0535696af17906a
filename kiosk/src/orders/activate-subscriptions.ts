import { clock } from '@club/shared/clock';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { orderItems, type orders, subscriptionProducts, userSubscriptions } from '../db/schema.ts';
import { applyBoughtHours } from '../games/apply-bought-hours.ts';
import type { Emit } from '../outbox/with-events.ts';

/**
 * Prepaid hours bought in an order start counting once the order is paid: in the game their
 * owner is playing too, from that moment (`applyBoughtHours`).
 */
export async function activateSubscriptions(
  tx: Executor,
  emit: Emit,
  order: typeof orders.$inferSelect,
): Promise<void> {
  if (order.userId === null) return;
  const items = await tx
    .select({ item: orderItems, product: subscriptionProducts })
    .from(orderItems)
    .innerJoin(subscriptionProducts, eq(subscriptionProducts.id, orderItems.subscriptionId))
    .where(and(eq(orderItems.orderId, order.id), eq(orderItems.kind, 'subscription')));
  const now = clock.now();
  for (const { item, product } of items) {
    for (let i = 0; i < item.quantity; i++) {
      const [row] = await tx
        .insert(userSubscriptions)
        .values({
          userId: order.userId,
          subscriptionId: product.id,
          name: product.name,
          durationHours: product.durationHours,
          usedMinutes: 0,
          status: 'active',
          orderId: order.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: userSubscriptions.id });
      if (row)
        await applyBoughtHours(tx, emit, {
          userId: order.userId,
          subscriptionId: row.id,
          minutes: product.durationHours * 60,
        });
    }
  }
}

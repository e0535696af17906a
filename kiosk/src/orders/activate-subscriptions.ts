import { clock } from '@club/shared/clock';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { orderItems, type orders, subscriptionProducts, userSubscriptions } from '../db/schema.ts';

/** Prepaid hours bought in an order start counting once the order is paid. */
export async function activateSubscriptions(tx: Executor, order: typeof orders.$inferSelect): Promise<void> {
  if (order.userId === null) return;
  const items = await tx
    .select({ item: orderItems, product: subscriptionProducts })
    .from(orderItems)
    .innerJoin(subscriptionProducts, eq(subscriptionProducts.id, orderItems.subscriptionId))
    .where(and(eq(orderItems.orderId, order.id), eq(orderItems.kind, 'subscription')));
  const now = clock.now();
  for (const { item, product } of items) {
    for (let i = 0; i < item.quantity; i++) {
      await tx.insert(userSubscriptions).values({
        userId: order.userId,
        subscriptionId: product.id,
        name: product.name,
        durationHours: product.durationHours,
        usedMinutes: 0,
        status: 'active',
        orderId: order.id,
        createdAt: now,
        updatedAt: now,
      });
    }
  }
}

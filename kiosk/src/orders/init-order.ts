import { AppError } from '@club/shared/errors';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { cartItems, type orderItems, orders, subscriptionProducts, users } from '../db/schema.ts';
import { withEvents } from '../outbox/with-events.ts';
import { insertShopOrder } from './insert-shop-order.ts';
import { takeStock } from './take-stock.ts';

/** Turns the user's cart into a waiting shop order; its products' stock is taken now. */
export function initOrder(db: Db, userId: number) {
  return withEvents(db, async (tx, emit) => {
    const cart = await tx
      .select({ item: cartItems, subscription: subscriptionProducts })
      .from(cartItems)
      .leftJoin(subscriptionProducts, eq(subscriptionProducts.id, cartItems.subscriptionId))
      .where(eq(cartItems.userId, userId))
      .orderBy(asc(cartItems.id));
    if (!cart.length) throw new AppError('error.items_not_found');
    const lines: (Omit<typeof orderItems.$inferInsert, 'orderId'> & { vatRate: number })[] = [];
    for (const { item, subscription } of cart) {
      if (item.productId !== null) {
        lines.push(await takeStock(tx, item.productId, item.count, 'error.unable_to_create_order'));
      } else if (subscription?.active) {
        lines.push({
          kind: 'subscription',
          description: subscription.name,
          quantity: item.count,
          unitPrice: subscription.price,
          total: subscription.price * item.count,
          subscriptionId: subscription.id,
          vatRate: subscription.vatRate,
        });
      } else {
        throw new AppError('error.unable_to_create_order');
      }
    }
    const [buyer] = await tx.select({ roleId: users.roleId }).from(users).where(eq(users.id, userId));
    await tx.delete(cartItems).where(eq(cartItems.userId, userId));
    const orderId = await insertShopOrder(tx, emit, {
      userId,
      actorUserId: userId,
      roleId: buyer?.roleId ?? null,
      lines,
    });
    return (await tx.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  });
}

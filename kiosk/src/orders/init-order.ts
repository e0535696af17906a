import { AppError } from '@club/shared/errors';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { cartItems, type orderItems, orders, subscriptionProducts, users } from '../db/schema.ts';
import { withEvents } from '../outbox/with-events.ts';
import { insertShopOrder } from './insert-shop-order.ts';
import { takeStock } from './take-stock.ts';

/** Turns the user's cart into a waiting shop order; its products' stock is taken now. */
export function initOrder(db: Db, userId: number) {
  return withEvents(db, async (tx, emit) => {
    // the cart is claimed before anything is read from it: of two checkouts at once the second
    // waits on these rows and deletes none, so it makes no second order and takes no stock twice
    const cart = (await tx.delete(cartItems).where(eq(cartItems.userId, userId)).returning()).sort(
      (a, b) => a.id - b.id,
    );
    if (!cart.length) throw new AppError('error.items_not_found');
    const subscriptionIds = cart.flatMap((item) => (item.subscriptionId === null ? [] : [item.subscriptionId]));
    const subscriptions = new Map(
      subscriptionIds.length
        ? (await tx.select().from(subscriptionProducts).where(inArray(subscriptionProducts.id, subscriptionIds))).map(
            (s) => [s.id, s],
          )
        : [],
    );
    const lines: (Omit<typeof orderItems.$inferInsert, 'orderId'> & { vatRate: number })[] = [];
    for (const item of cart) {
      const subscription = item.subscriptionId === null ? undefined : subscriptions.get(item.subscriptionId);
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
    const orderId = await insertShopOrder(tx, emit, {
      userId,
      actorUserId: userId,
      roleId: buyer?.roleId ?? null,
      lines,
    });
    return (await tx.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  });
}

import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import type { TCart } from '@club/shared/shop';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { cartItems, products, subscriptionProducts } from '../db/schema.ts';

const MAX_COUNT = 99;

/** The user's cart, kept on the server so it survives a reload and a second device. */
export async function getCart(db: Executor, userId: number): Promise<TCart> {
  const rows = await db
    .select({ item: cartItems, product: products, subscription: subscriptionProducts })
    .from(cartItems)
    .leftJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(subscriptionProducts, eq(subscriptionProducts.id, cartItems.subscriptionId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.id));
  const items = rows.map(({ item, product, subscription }) => {
    const unit = product?.price ?? subscription?.price ?? 0;
    return {
      id: item.id,
      product_id: item.productId,
      subscription_id: item.subscriptionId,
      name: product?.name ?? subscription?.name ?? '',
      count: item.count,
      unit_price: unit,
      total: unit * item.count,
    };
  });
  return { items, total: items.reduce((sum, i) => sum + i.total, 0) };
}

export async function addToCart(
  db: Db,
  userId: number,
  input: { product_id?: number | undefined; subscription_id?: number | undefined; count: number },
) {
  await db.transaction(async (tx) => {
    if (input.product_id !== undefined) {
      const [product] = await tx
        .select()
        .from(products)
        .where(and(eq(products.id, input.product_id), eq(products.active, true)));
      if (!product) throw new AppError('error.unable_to_find_product');
      const [held] = await tx
        .select({ count: cartItems.count })
        .from(cartItems)
        .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, product.id)));
      if ((held?.count ?? 0) + input.count > product.count) throw new AppError('error.out_of_stock');
    } else {
      const [subscription] = await tx
        .select()
        .from(subscriptionProducts)
        .where(and(eq(subscriptionProducts.id, input.subscription_id ?? -1), eq(subscriptionProducts.active, true)));
      if (!subscription) throw new AppError('error.subscription_not_found');
    }
    const target = input.product_id !== undefined ? cartItems.productId : cartItems.subscriptionId;
    const id = input.product_id ?? input.subscription_id!;
    const [existing] = await tx
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.userId, userId), eq(target, id)));
    if (existing) {
      await tx
        .update(cartItems)
        .set({ count: sql`least(${cartItems.count} + ${input.count}, ${MAX_COUNT})` })
        .where(eq(cartItems.id, existing.id));
    } else {
      await tx.insert(cartItems).values({
        userId,
        productId: input.product_id ?? null,
        subscriptionId: input.subscription_id ?? null,
        count: input.count,
        createdAt: clock.now(),
      });
    }
  });
}

export async function setCartCount(db: Executor, userId: number, itemId: number, count: number) {
  const [item] = await db
    .select({ stock: products.count })
    .from(cartItems)
    .leftJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId)));
  if (item?.stock !== null && item?.stock !== undefined && count > item.stock) throw new AppError('error.out_of_stock');
  const [row] = await db
    .update(cartItems)
    .set({ count })
    .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  if (!row) throw new AppError('error.items_not_found');
}

export async function removeFromCart(db: Executor, userId: number, itemId: number) {
  const [row] = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  if (!row) throw new AppError('error.items_not_found');
}

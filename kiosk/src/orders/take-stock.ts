import { AppError, type ErrorKey } from '@club/shared/errors';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { products } from '../db/schema.ts';

/**
 * Takes `count` of a product from stock in one conditional update, so two buyers can never
 * both get the last item and an inactive product is never sold; answers the order line.
 */
export async function takeStock(tx: Executor, productId: number, count: number, refusal: ErrorKey) {
  const [product] = await tx
    .update(products)
    .set({ count: sql`${products.count} - ${count}` })
    .where(and(eq(products.id, productId), eq(products.active, true), gte(products.count, count)))
    .returning();
  if (!product) throw new AppError(refusal);
  return {
    kind: 'product' as const,
    description: product.name,
    quantity: count,
    unitPrice: product.price,
    total: product.price * count,
    productId: product.id,
    vatRate: product.vatRate,
  };
}

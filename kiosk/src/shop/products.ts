import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import type { TProduct } from '@club/shared/shop';
import type { TVatRate } from '@club/shared/vat';
import { and, asc, desc, eq, gt, lt, max } from 'drizzle-orm';
import { journalPriceChange } from '../cash/journal-price-change.ts';
import type { Db, Executor } from '../db/client.ts';
import { products } from '../db/schema.ts';
import { feedChanged } from '../outbox/feed-changed.ts';
import { withEvents } from '../outbox/with-events.ts';

type ProductRow = typeof products.$inferSelect;

export function toProduct(row: ProductRow): TProduct {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    image: row.image,
    thumbnail: row.image ? row.image.replace(/\.webp$/, '-thumb.webp') : null,
    price: row.price,
    count: row.count,
    position: row.position,
    active: row.active,
    vat_rate: row.vatRate as TVatRate,
  };
}

export async function listProducts(db: Executor, includeInactive: boolean): Promise<TProduct[]> {
  const rows = await db
    .select()
    .from(products)
    .where(includeInactive ? undefined : eq(products.active, true))
    .orderBy(asc(products.position), asc(products.id));
  return rows.map(toProduct);
}

export async function findProduct(db: Executor, id: number, includeInactive = true): Promise<ProductRow> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row || (!includeInactive && !row.active)) throw new AppError('error.unable_to_find_product');
  return row;
}

export interface ProductFields {
  name: string;
  description: string;
  price: number;
  count: number;
  active: boolean;
  vat_rate?: TVatRate | undefined;
}

const columns = ({ vat_rate, ...rest }: ProductFields) => ({
  ...rest,
  ...(vat_rate === undefined ? {} : { vatRate: vat_rate }),
});

// each change tells the shops and counters open now to read the products again

export async function createProduct(db: Db, fields: ProductFields, userId: number): Promise<ProductRow> {
  return withEvents(db, async (tx, emit) => {
    const [last] = await tx.select({ position: max(products.position) }).from(products);
    const now = clock.now();
    const [row] = await tx
      .insert(products)
      .values({ ...columns(fields), position: (last?.position ?? 0) + 1, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new AppError('error.unable_to_create_product');
    await journalPriceChange(
      tx,
      { item: 'product', id: row.id },
      { price: null, vat_rate: null },
      { price: row.price, vat_rate: row.vatRate },
      userId,
    );
    await emit(feedChanged('products'));
    return row;
  });
}

/** Edits a product; a new price or VAT rate is journaled in the same transaction. */
export async function updateProduct(db: Db, id: number, fields: ProductFields, userId: number): Promise<ProductRow> {
  return withEvents(db, async (tx, emit) => {
    const before = await findProduct(tx, id);
    const [row] = await tx
      .update(products)
      .set({ ...columns(fields), updatedAt: clock.now() })
      .where(eq(products.id, id))
      .returning();
    if (!row) throw new AppError('error.unable_to_find_product');
    await journalPriceChange(
      tx,
      { item: 'product', id },
      { price: before.price, vat_rate: before.vatRate },
      { price: row.price, vat_rate: row.vatRate },
      userId,
    );
    await emit(feedChanged('products'));
    return row;
  });
}

/** Deletes a product; past orders keep their lines (with the name they had). */
export async function deleteProduct(db: Db, id: number): Promise<void> {
  await withEvents(db, async (tx, emit) => {
    const [row] = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
    if (!row) throw new AppError('error.unable_to_find_product');
    await emit(feedChanged('products'));
  });
}

/** Swaps a product with its neighbour in the shop's order. */
export async function moveProduct(db: Db, id: number, direction: 'up' | 'down'): Promise<void> {
  await withEvents(db, async (tx, emit) => {
    const product = await findProduct(tx, id);
    const [neighbour] = await tx
      .select()
      .from(products)
      .where(direction === 'up' ? lt(products.position, product.position) : gt(products.position, product.position))
      .orderBy(direction === 'up' ? desc(products.position) : asc(products.position))
      .limit(1);
    if (!neighbour) throw new AppError(direction === 'up' ? 'error.product_at_top' : 'error.nothing_happened');
    await tx.update(products).set({ position: neighbour.position }).where(eq(products.id, product.id));
    await tx
      .update(products)
      .set({ position: product.position })
      .where(and(eq(products.id, neighbour.id)));
    await emit(feedChanged('products'));
  });
}

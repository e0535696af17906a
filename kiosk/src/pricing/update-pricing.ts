import { AppError } from '@club/shared/errors';
import type { TRolePricing, ZPricingUpdateBody } from '@club/shared/tables';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { journalPriceChange } from '../cash/journal-price-change.ts';
import type { Db, Executor } from '../db/client.ts';
import { poolTables, rolePricing } from '../db/schema.ts';
import { feedChanged } from '../outbox/feed-changed.ts';
import { withEvents } from '../outbox/with-events.ts';
import { findRole } from '../roles/role-rows.ts';
import { listPricing } from './list-pricing.ts';
import { forgetRolePrices } from './role-prices.ts';

/**
 * Sets a role's price for all tables or one; `price_per_minute: null` removes it. The change
 * is journaled in the same transaction. Answers every price.
 */
export async function updatePricing(
  db: Db,
  input: z.infer<typeof ZPricingUpdateBody>,
  userId: number,
): Promise<TRolePricing[]> {
  await withEvents(db, async (tx, emit) => {
    await setPricing(tx, input, userId);
    await emit(feedChanged('prices'));
  });
  forgetRolePrices(db);
  return listPricing(db);
}

async function setPricing(db: Executor, input: z.infer<typeof ZPricingUpdateBody>, userId: number): Promise<void> {
  await findRole(db, input.role_id);
  if (input.table_id !== null) {
    const [table] = await db.select({ id: poolTables.id }).from(poolTables).where(eq(poolTables.id, input.table_id));
    if (!table) throw new AppError('error.table_not_found');
  }
  const match = and(
    eq(rolePricing.roleId, input.role_id),
    input.table_id === null ? isNull(rolePricing.tableId) : eq(rolePricing.tableId, input.table_id),
  );
  const [before] = await db.select({ price: rolePricing.pricePerMinute }).from(rolePricing).where(match);
  if (input.price_per_minute === null) {
    const removed = await db.delete(rolePricing).where(match).returning({ id: rolePricing.id });
    if (!removed.length) throw new AppError('error.role_configs_not_found');
  } else {
    await db
      .insert(rolePricing)
      .values({ roleId: input.role_id, tableId: input.table_id, pricePerMinute: input.price_per_minute })
      .onConflictDoUpdate({
        target: [rolePricing.roleId, rolePricing.tableId],
        set: { pricePerMinute: input.price_per_minute },
      });
  }
  await journalPriceChange(
    db,
    { item: 'table_time', id: input.table_id, role_id: input.role_id },
    { price: before?.price ?? null },
    { price: input.price_per_minute },
    userId,
  );
}

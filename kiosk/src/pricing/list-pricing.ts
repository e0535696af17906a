import { AppError } from '@club/shared/errors';
import type { TRolePricing } from '@club/shared/tables';
import { asc } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { rolePricing } from '../db/schema.ts';
import { findRole } from '../roles/role-rows.ts';

const toPricing = (r: typeof rolePricing.$inferSelect): TRolePricing => ({
  id: r.id,
  role_id: r.roleId,
  table_id: r.tableId,
  price_per_minute: r.pricePerMinute,
});

/** Every role price, by role and table. */
export async function listPricing(db: Executor): Promise<TRolePricing[]> {
  return (await db.select().from(rolePricing).orderBy(asc(rolePricing.roleId), asc(rolePricing.tableId))).map(
    toPricing,
  );
}

/** The prices of one role; `error.role_configs_not_found` when it has none. */
export async function listRolePricing(db: Executor, roleId: number): Promise<TRolePricing[]> {
  await findRole(db, roleId);
  const rows = (await listPricing(db)).filter((p) => p.role_id === roleId);
  if (!rows.length) throw new AppError('error.role_configs_not_found');
  return rows;
}

import type { Executor } from '../db/client.ts';
import { cachedRead } from '../db/read-cache.ts';
import { rolePricing } from '../db/schema.ts';

/**
 * Every role price, kept in memory: each join reads them. Updating prices and deleting a role forget
 * them on each change (`forgetRolePrices`).
 */
const rolePrices = cachedRead((db) => db.select().from(rolePricing));

export async function rolePricesOf(db: Executor, roleId: number) {
  return (await rolePrices.get(db)).filter((p) => p.roleId === roleId);
}

export function forgetRolePrices(db: Executor): void {
  rolePrices.forget(db);
}

import type { TDiscount } from '@club/shared/discounts';
import { desc } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { discounts } from '../db/schema.ts';
import { toDiscount } from './discount-rows.ts';

export async function listDiscounts(db: Executor): Promise<TDiscount[]> {
  return (await db.select().from(discounts).orderBy(desc(discounts.id))).map(toDiscount);
}

import { clock } from '@club/shared/clock';
import type { TDiscount, ZDiscountBody } from '@club/shared/discounts';
import type { z } from 'zod';
import type { Executor } from '../db/client.ts';
import { discounts } from '../db/schema.ts';
import { discountColumns, toDiscount } from './discount-rows.ts';

export async function createDiscount(db: Executor, input: z.infer<typeof ZDiscountBody>): Promise<TDiscount> {
  const [row] = await db
    .insert(discounts)
    .values({ ...discountColumns(input), createdAt: clock.now() })
    .returning();
  return toDiscount(row!);
}

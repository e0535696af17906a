import { clock } from '@club/shared/clock';
import type { TDiscount, ZDiscountBody } from '@club/shared/discounts';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { discounts } from '../db/schema.ts';
import { feedChanged } from '../outbox/feed-changed.ts';
import { withEvents } from '../outbox/with-events.ts';
import { forgetDiscounts } from './applicable.ts';
import { discountColumns, toDiscount } from './discount-rows.ts';

/** Adds a discount; a happy hour moves what a minute costs, so the phones read their prices again. */
export async function createDiscount(db: Db, input: z.infer<typeof ZDiscountBody>): Promise<TDiscount> {
  const row = await withEvents(db, async (tx, emit) => {
    const [inserted] = await tx
      .insert(discounts)
      .values({ ...discountColumns(input), createdAt: clock.now() })
      .returning();
    await emit(feedChanged('prices'));
    return inserted;
  });
  forgetDiscounts(db);
  return toDiscount(row!);
}

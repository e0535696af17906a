import { AppError } from '@club/shared/errors';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { poolTables } from '../db/schema.ts';
import { withEvents } from '../outbox/with-events.ts';

/**
 * Marks a table out of order (with why) or back in order. A game already running there
 * plays on; nobody new joins or books it, and the floor and the TV show it at once.
 */
export async function setOutOfOrder(db: Db, tableId: number, reason: string | null): Promise<void> {
  await withEvents(db, async (tx, emit) => {
    const [row] = await tx
      .update(poolTables)
      .set({ outOfOrderReason: reason })
      .where(and(eq(poolTables.id, tableId), isNull(poolTables.deletedAt)))
      .returning({ id: poolTables.id });
    if (!row) throw new AppError('error.table_not_found');
    await emit({ type: 'table.updated', payload: { table_id: tableId } });
  });
}

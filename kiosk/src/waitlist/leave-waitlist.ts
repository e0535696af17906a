import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { waitlistEntries } from '../db/schema.ts';
import type { Emit } from '../outbox/with-events.ts';
import { withEvents } from '../outbox/with-events.ts';
import { isOpen, lineChanged } from './line.ts';

type Ending = 'left' | 'removed' | 'seated';

/**
 * Ends an open entry; an offered table it held is free again (the waitlist hands it on).
 * Answers whether there was one.
 */
export async function endEntry(
  tx: Executor,
  emit: Emit,
  where: { id: number } | { userId: number },
  ending: Ending,
): Promise<boolean> {
  const [row] = await tx
    .update(waitlistEntries)
    .set({ status: ending, endedAt: clock.now() })
    .where(and('id' in where ? eq(waitlistEntries.id, where.id) : eq(waitlistEntries.userId, where.userId), isOpen))
    .returning({
      userId: waitlistEntries.userId,
      tableId: waitlistEntries.offeredTableId,
      status: waitlistEntries.status,
    });
  if (!row) return false;
  if (row.tableId !== null) await emit({ type: 'table.updated', payload: { table_id: row.tableId } });
  await lineChanged(tx, emit, [row.userId]);
  return true;
}

/** The player steps out of the line (and gives up a table offered to them). */
export async function leaveWaitlist(db: Db, userId: number): Promise<void> {
  await withEvents(db, async (tx, emit) => {
    if (!(await endEntry(tx, emit, { userId }, 'left'))) throw new AppError('error.waitlist_entry_not_found');
  });
}

/** Staff take a party out of the line: gone home (`removed`) or seated by hand (`seated`). */
export async function removeEntry(db: Db, id: number, ending: 'removed' | 'seated' = 'removed'): Promise<void> {
  await withEvents(db, async (tx, emit) => {
    if (!(await endEntry(tx, emit, { id }, ending))) throw new AppError('error.waitlist_entry_not_found');
  });
}

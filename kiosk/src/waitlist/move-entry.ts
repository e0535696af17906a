import { AppError } from '@club/shared/errors';
import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { waitlistEntries } from '../db/schema.ts';
import { withEvents } from '../outbox/with-events.ts';
import { lineChanged, lockLine } from './line.ts';

/** Staff move a waiting party one place up or down the line (it swaps places with its neighbour). */
export async function moveEntry(db: Db, input: { id: number; direction: 'up' | 'down' }): Promise<void> {
  await withEvents(db, async (tx, emit) => {
    await lockLine(tx);
    const [entry] = await tx
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.id, input.id), eq(waitlistEntries.status, 'waiting')));
    if (!entry) throw new AppError('error.waitlist_entry_not_found');
    const up = input.direction === 'up';
    const [neighbour] = await tx
      .select()
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.status, 'waiting'),
          up ? lt(waitlistEntries.position, entry.position) : gt(waitlistEntries.position, entry.position),
        ),
      )
      .orderBy(up ? desc(waitlistEntries.position) : asc(waitlistEntries.position))
      .limit(1);
    if (!neighbour) throw new AppError('error.nothing_happened');
    await tx.update(waitlistEntries).set({ position: neighbour.position }).where(eq(waitlistEntries.id, entry.id));
    await tx.update(waitlistEntries).set({ position: entry.position }).where(eq(waitlistEntries.id, neighbour.id));
    await lineChanged(tx, emit);
  });
}

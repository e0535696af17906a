import { clock } from '@club/shared/clock';
import type { TTable } from '@club/shared/tables';
import type { TWaitlistEntry } from '@club/shared/waitlist';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { poolTables, waitlistEntries } from '../db/schema.ts';
import { predictWaits, type Slot } from '../predictions/predict-waits.ts';
import { freeTimeModel } from '../predictions/session-history.ts';
import { listTables } from '../tables/list-tables.ts';
import { isOpen } from './line.ts';

/** The tables the line waits for: free ones now, busy ones when predicted; held ones are spoken for. */
function slotsOf(tables: TTable[], now: Date): Slot[] {
  return tables.flatMap((t) => {
    if (!t.active || t.out_of_order || t.held_for) return [];
    if (t.status === 'free') return [{ capacity: t.capacity, freeAt: now }];
    return t.predicted_free_at ? [{ capacity: t.capacity, freeAt: new Date(t.predicted_free_at) }] : [];
  });
}

/** Everyone in line, in order, with their place, their offer and their expected wait. */
export async function readLine(db: Executor): Promise<TWaitlistEntry[]> {
  const rows = await db
    .select({ entry: waitlistEntries, tableName: poolTables.name })
    .from(waitlistEntries)
    .leftJoin(poolTables, eq(poolTables.id, waitlistEntries.offeredTableId))
    .where(isOpen)
    .orderBy(asc(waitlistEntries.position), asc(waitlistEntries.id));
  if (!rows.length) return [];
  const now = clock.now();
  const [tables, model] = await Promise.all([listTables(db), freeTimeModel(db)]);
  const waiting = rows.filter((r) => r.entry.status === 'waiting');
  const waits = predictWaits(
    model,
    slotsOf(tables, now),
    waiting.map((r) => r.entry.partySize),
    now,
  );
  const waitOf = new Map(waiting.map((r, i) => [r.entry.id, waits[i] ?? null]));
  return rows.map(({ entry, tableName }, i) => ({
    id: entry.id,
    user_id: entry.userId,
    name: entry.name,
    party_size: entry.partySize,
    status: entry.status,
    position: i + 1,
    created_at: entry.createdAt.toISOString(),
    predicted_wait_minutes: entry.status === 'offered' ? 0 : (waitOf.get(entry.id) ?? null),
    offer:
      entry.status === 'offered' && entry.offeredTableId !== null && entry.offerExpiresAt
        ? {
            table_id: entry.offeredTableId,
            table_name: tableName ?? '',
            expires_at: entry.offerExpiresAt.toISOString(),
          }
        : null,
  }));
}

/** A player's own place in line (null when not in it) and how many parties are in line. */
export async function readMyPlace(
  db: Executor,
  userId: number,
): Promise<{ entry: TWaitlistEntry | null; waiting: number }> {
  const line = await readLine(db);
  return { entry: line.find((e) => e.user_id === userId) ?? null, waiting: line.length };
}

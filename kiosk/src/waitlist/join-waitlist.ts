import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { and, eq, isNull, max, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { poolTables, users, waitlistEntries } from '../db/schema.ts';
import { sqlStateOf, UNIQUE_VIOLATION } from '../db/sql-state.ts';
import type { Emit } from '../outbox/with-events.ts';
import { withEvents } from '../outbox/with-events.ts';
import { lineChanged, lockLine } from './line.ts';

/** A party bigger than every table the club has open can never be seated. */
async function refuseTooLarge(tx: Executor, partySize: number): Promise<void> {
  const [row] = await tx
    .select({ largest: max(poolTables.capacity) })
    .from(poolTables)
    .where(and(isNull(poolTables.deletedAt), eq(poolTables.active, true), isNull(poolTables.outOfOrderReason)));
  if ((row?.largest ?? 0) < partySize) throw new AppError('error.party_too_large');
}

/** Puts a party at the back of the line (under the line's lock, so two never share a place). */
async function addToLine(
  tx: Executor,
  emit: Emit,
  party: { userId: number | null; name: string; partySize: number },
): Promise<number> {
  await lockLine(tx);
  await refuseTooLarge(tx, party.partySize);
  const [last] = await tx.select({ position: max(waitlistEntries.position) }).from(waitlistEntries);
  const [row] = await tx
    .insert(waitlistEntries)
    .values({
      userId: party.userId,
      name: party.name,
      partySize: party.partySize,
      position: (last?.position ?? 0) + 1,
      status: 'waiting',
      createdAt: clock.now(),
    })
    .returning({ id: waitlistEntries.id });
  await lineChanged(tx, emit);
  return row!.id;
}

/** The player joins the line with their party; a table that is free and fits is offered at once. */
export async function joinWaitlist(db: Db, userId: number, partySize: number): Promise<number> {
  return withEvents(db, async (tx, emit) => {
    const [user] = await tx
      .select({
        name: users.name,
        surname: users.surname,
        // plain SQL: a single-table select drops the table's name from its columns, and this one is correlated
        seated: sql<
          number | null
        >`(select p.id from players p where p.user_id = "users"."id" and p.status = 'joined' limit 1)`,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw new AppError('error.user_not_found');
    if (user.seated !== null) throw new AppError('error.user_already_playing');
    return addToLine(tx, emit, { userId, name: `${user.name} ${user.surname}`.trim(), partySize });
  }).catch((error: unknown) => {
    // the same person joining twice at once: the database's one open entry per person decides
    if (sqlStateOf(error) === UNIQUE_VIOLATION) throw new AppError('error.already_on_waitlist');
    throw error;
  });
}

/** Staff put a walk-in in line by name. */
export async function addWalkIn(db: Db, input: { name: string; partySize: number }): Promise<number> {
  return withEvents(db, (tx, emit) =>
    addToLine(tx, emit, { userId: null, name: input.name, partySize: input.partySize }),
  );
}

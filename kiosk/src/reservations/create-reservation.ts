import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { HOLD_BEFORE_START_MINUTES, type ZReservationCreateBody } from '@club/shared/reservations';
import type { z } from '@club/shared/zod';
import { and, asc, eq, gt, gte, inArray, isNull, lt, ne, notExists, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { games, poolTables, reservations, users } from '../db/schema.ts';
import type { AuthInfo } from '../http/context.ts';
import { feedChanged } from '../outbox/feed-changed.ts';
import { withEvents } from '../outbox/with-events.ts';
import { checkPlayerLimits } from './player-limits.ts';
import { isOverlap } from './reservation-rows.ts';
import { bookableTable, checkTime } from './reservation-rules.ts';

type Input = z.output<typeof ZReservationCreateBody>;
type Range = { from: Date; to: Date };

const MIN = 60_000;

/** A game running now at the table (an id, or each candidate's row in a subquery). */
const gameAt = (tx: Tx, table: number | typeof poolTables.id) =>
  tx
    .select({ one: sql`1` })
    .from(games)
    .where(and(eq(games.tableId, table), ne(games.status, 'ended')));

/**
 * A booking that starts within the hold's lead (15 minutes) would have its party arrive at a
 * table still played at, by players nobody can send away: such a table is not bookable yet.
 */
const startsSoon = (range: Range, kind: Input['kind']) =>
  kind === 'booking' && range.from.getTime() < clock.nowMs() + HOLD_BEFORE_START_MINUTES * MIN;

/** Free tables that fit the party for the time, smallest first (big tables stay for big parties). */
async function candidates(tx: Tx, partySize: number, range: Range, soon: boolean): Promise<number[]> {
  const taken = tx
    .select({ one: sql`1` })
    .from(reservations)
    .where(
      and(
        eq(reservations.tableId, poolTables.id),
        inArray(reservations.status, ['booked', 'claimed']),
        lt(reservations.startsAt, range.to),
        gt(reservations.endsAt, range.from),
      ),
    );
  const rows = await tx
    .select({ id: poolTables.id })
    .from(poolTables)
    .where(
      and(
        isNull(poolTables.deletedAt),
        isNull(poolTables.outOfOrderReason),
        eq(poolTables.active, true),
        gte(poolTables.capacity, partySize),
        notExists(taken),
        soon ? notExists(gameAt(tx, poolTables.id)) : undefined,
      ),
    )
    .orderBy(asc(poolTables.capacity), asc(poolTables.id));
  return rows.map((r) => r.id);
}

/** One insert in a savepoint: the overlap constraint's refusal leaves the transaction usable. */
async function tryInsert(tx: Tx, values: typeof reservations.$inferInsert): Promise<number | null> {
  try {
    return await tx.transaction(async (savepoint) => {
      const [row] = await savepoint.insert(reservations).values(values).returning({ id: reservations.id });
      return row?.id ?? null;
    });
  } catch (error) {
    if (isOverlap(error)) return null;
    throw error;
  }
}

async function holderName(tx: Tx, by: AuthInfo, input: Input): Promise<string> {
  if (input.name !== undefined) return input.name;
  const [user] = await tx
    .select({ name: users.name, surname: users.surname })
    .from(users)
    .where(eq(users.id, by.userId));
  return `${user?.name ?? ''} ${user?.surname ?? ''}`.trim();
}

/**
 * Books a table (or the smallest free one that fits) for a party. Staff may book for a
 * caller by name, or block a table for an event. The database's overlap constraint decides
 * between two bookings of the same time: the second answers `error.table_reserved`. A
 * player's own booking is held to the club's limits per player first.
 */
export async function createReservation(db: Db, by: AuthInfo, input: Input): Promise<number> {
  if (!by.isAdmin && (input.name !== undefined || input.kind !== 'booking')) throw new AppError('error.forbidden');
  const range = await checkTime(db, input.starts_at, input.minutes);
  return withEvents(db, async (tx, emit) => {
    const forCaller = by.isAdmin && input.name !== undefined;
    const values = {
      kind: input.kind,
      status: 'booked' as const,
      userId: forCaller || input.kind === 'block' ? null : by.userId,
      name: await holderName(tx, by, input),
      partySize: input.party_size,
      startsAt: range.from,
      endsAt: range.to,
      note: input.note,
      createdBy: by.userId,
    };
    if (values.userId !== null && !by.isAdmin) await checkPlayerLimits(tx, values.userId, input.minutes);
    const soon = startsSoon(range, input.kind);
    const tableIds = input.table_id !== null ? [input.table_id] : await candidates(tx, input.party_size, range, soon);
    for (const tableId of tableIds) {
      const table = await bookableTable(tx, tableId, input.kind === 'block' ? 1 : input.party_size);
      if (soon && (await gameAt(tx, table.id).limit(1)).length > 0) throw new AppError('error.table_in_play');
      const id = await tryInsert(tx, { ...values, tableId });
      if (id === null) continue;
      await emit({ type: 'table.updated', payload: { table_id: tableId } }, feedChanged('reservations'));
      return id;
    }
    throw new AppError(input.table_id !== null ? 'error.table_reserved' : 'error.no_table_available');
  });
}

import { AppError } from '@club/shared/errors';
import type { TReservation } from '@club/shared/reservations';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { poolTables, reservations } from '../db/schema.ts';
import { sqlStateOf } from '../db/sql-state.ts';

export type ReservationRow = typeof reservations.$inferSelect;

export function toReservation(row: ReservationRow, tableName: string): TReservation {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    table_id: row.tableId,
    table_name: tableName,
    user_id: row.userId,
    name: row.name,
    party_size: row.partySize,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    minutes: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000),
    note: row.note,
    created_at: row.createdAt.toISOString(),
  };
}

/** Reservations with their table's name, as the API answers them. */
export function reservationsQuery(db: Executor) {
  return db
    .select({ row: reservations, tableName: poolTables.name })
    .from(reservations)
    .innerJoin(poolTables, eq(poolTables.id, reservations.tableId));
}

export async function reservationById(db: Executor, id: number): Promise<TReservation> {
  const [found] = await reservationsQuery(db).where(eq(reservations.id, id));
  if (!found) throw new AppError('error.reservation_not_found');
  return toReservation(found.row, found.tableName);
}

/** The row under its lock, for a change that must see every change before it. */
export async function lockReservation(tx: Executor, id: number): Promise<ReservationRow> {
  const [row] = await tx.select().from(reservations).where(eq(reservations.id, id)).for('update');
  if (!row) throw new AppError('error.reservation_not_found');
  return row;
}

const EXCLUSION_VIOLATION = '23P01';
// Two bookings of overlapping times written at once can each wait for the other's row under
// the exclusion constraint; PostgreSQL then aborts one as a deadlock. That one lost the race
// for the time just as if the constraint had refused it.
const DEADLOCK = '40P01';

/** The overlap constraint refused the write, or it lost a race for the same time: another live reservation holds it. */
export const isOverlap = (error: unknown): boolean => {
  const code = sqlStateOf(error);
  return code === EXCLUSION_VIOLATION || code === DEADLOCK;
};

import { clock } from '@club/shared/clock';
import type { TLightDevice } from '@club/shared/devices';
import { AppError } from '@club/shared/errors';
import { freeSpot } from '@club/shared/floor-spot';
import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import { journalPriceChange } from '../cash/journal-price-change.ts';
import type { Db, Executor } from '../db/client.ts';
import { games, poolTables, reservations } from '../db/schema.ts';
import { sqlStateOf, UNIQUE_VIOLATION } from '../db/sql-state.ts';
import { feedChanged } from '../outbox/feed-changed.ts';
import { withEvents } from '../outbox/with-events.ts';

export interface TableFields {
  name: string;
  capacity: number;
  price_per_minute: number;
  active: boolean;
  /** undefined: unchanged (a new table: a free place) */
  x?: number | undefined;
  y?: number | undefined;
  /** the light's relay; undefined: unchanged, null: none */
  light?: TLightDevice | null | undefined;
}

const columns = (t: TableFields) => ({
  name: t.name,
  capacity: t.capacity,
  pricePerMinute: t.price_per_minute,
  active: t.active,
  ...(t.x === undefined ? {} : { x: t.x }),
  ...(t.y === undefined ? {} : { y: t.y }),
  ...(t.light === undefined ? {} : { lightKind: t.light?.kind ?? null, lightTopic: t.light?.topic ?? null }),
});

/** A name another table has (`pool_tables_name_key`) is the field's error, not the server's. */
function nameTaken(error: unknown): never {
  if (sqlStateOf(error) === UNIQUE_VIOLATION) {
    throw new AppError('error.table_name_taken', { fields: { name: 'validation.taken' } });
  }
  throw error;
}

/** Adds a table; without a place of its own it goes where no other table is on the floor plan. */
export async function createTable(db: Db, fields: TableFields, userId: number): Promise<number> {
  return withEvents(db, async (tx, emit) => {
    const now = clock.now();
    const place =
      fields.x !== undefined && fields.y !== undefined
        ? { x: fields.x, y: fields.y }
        : freeSpot(
            await tx.select({ x: poolTables.x, y: poolTables.y }).from(poolTables).where(isNull(poolTables.deletedAt)),
          );
    const [row] = await tx
      .insert(poolTables)
      .values({ ...columns({ ...fields, ...place }), createdAt: now, updatedAt: now })
      .returning({ id: poolTables.id });
    if (!row) throw new Error('insert returned nothing');
    await journalPriceChange(
      tx,
      { item: 'table_time', id: row.id },
      { price: null },
      { price: fields.price_per_minute },
      userId,
    );
    // what a minute costs the person is per table: the phones read their prices again
    await emit({ type: 'table.updated', payload: { table_id: row.id } }, feedChanged('prices'));
    return row.id;
  }).catch(nameTaken);
}

/** A booking or block at the table not yet over: its holders are coming to this table. */
async function hasBookingToCome(tx: Executor, tableId: number): Promise<boolean> {
  const [booked] = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.tableId, tableId),
        inArray(reservations.status, ['booked', 'claimed']),
        gt(reservations.endsAt, clock.now()),
      ),
    )
    .limit(1);
  return booked !== undefined;
}

/**
 * Edits a table; a lower capacity than the players now seated waits for them to leave. A new
 * price is journaled in the same transaction. Like deleting, taking a table out of use waits
 * for its bookings to come to be moved or cancelled: their holders could not sit down at it.
 */
export async function updateTable(db: Db, id: number, fields: TableFields, userId: number): Promise<void> {
  await withEvents(db, async (tx, emit) => {
    const where = and(eq(poolTables.id, id), isNull(poolTables.deletedAt));
    const [before] = await tx
      .select({
        price: poolTables.pricePerMinute,
        active: poolTables.active,
        kind: poolTables.lightKind,
        topic: poolTables.lightTopic,
      })
      .from(poolTables)
      .where(where)
      .for('update');
    if (before?.active && !fields.active && (await hasBookingToCome(tx, id)))
      throw new AppError('error.table_has_bookings');
    // another relay (or none) has not reported yet: its state is unknown until it does
    const relayChanged =
      fields.light !== undefined &&
      ((fields.light?.kind ?? null) !== (before?.kind ?? null) ||
        (fields.light?.topic ?? null) !== (before?.topic ?? null));
    const [row] = await tx
      .update(poolTables)
      .set({ ...columns(fields), ...(relayChanged ? { lightState: 'unknown' as const } : {}), updatedAt: clock.now() })
      .where(where)
      .returning({ id: poolTables.id });
    if (!row || !before) throw new AppError('error.table_not_found');
    await journalPriceChange(
      tx,
      { item: 'table_time', id },
      { price: before.price },
      { price: fields.price_per_minute },
      userId,
    );
    await emit({ type: 'table.updated', payload: { table_id: id } });
    // a table moved on the floor plan costs the same: only a new price or a table opened or closed
    if (before.price !== fields.price_per_minute || before.active !== fields.active) await emit(feedChanged('prices'));
  }).catch(nameTaken);
}

/**
 * Deletes a table that has no running game and no booking to come (its holders would come to a
 * table that is gone: staff move or cancel them first); its past games keep their history.
 */
export async function deleteTable(db: Db, id: number): Promise<void> {
  await withEvents(db, async (tx, emit) => {
    const [table] = await tx
      .select({ id: poolTables.id })
      .from(poolTables)
      .where(and(eq(poolTables.id, id), isNull(poolTables.deletedAt)))
      .for('update');
    if (!table) throw new AppError('error.table_not_found');
    const [running] = await tx
      .select({ id: games.id })
      .from(games)
      .where(and(eq(games.tableId, id), ne(games.status, 'ended')))
      .limit(1);
    if (running) throw new AppError('error.table_in_use');
    if (await hasBookingToCome(tx, id)) throw new AppError('error.table_has_bookings');
    await tx.update(poolTables).set({ deletedAt: clock.now(), active: false }).where(eq(poolTables.id, id));
    await emit({ type: 'table.updated', payload: { table_id: id } }, feedChanged('prices'));
  });
}

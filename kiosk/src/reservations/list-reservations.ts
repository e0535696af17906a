import { clock } from '@club/shared/clock';
import type { TReservation } from '@club/shared/reservations';
import { addDays, instantOf } from '@club/shared/time-zone';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { reservations } from '../db/schema.ts';
import { clubTimeZone } from '../discounts/club-time-zone.ts';
import { reservationsQuery, toReservation } from './reservation-rows.ts';

const WEEK = 7 * 24 * 60 * 60_000;

/** A player's reservations: the coming ones and those of the past week, by start. */
export async function listMyReservations(db: Executor, userId: number): Promise<TReservation[]> {
  const rows = await reservationsQuery(db)
    .where(and(eq(reservations.userId, userId), gt(reservations.endsAt, new Date(clock.nowMs() - WEEK))))
    .orderBy(asc(reservations.startsAt), asc(reservations.id));
  return rows.map((r) => toReservation(r.row, r.tableName));
}

/** Every reservation touching a local day of the club (staff's timeline), in any state. */
export async function listDayReservations(db: Executor, date: string): Promise<TReservation[]> {
  const zone = clubTimeZone();
  const from = new Date(instantOf(date, '00:00', zone));
  const to = new Date(instantOf(addDays(date, 1), '00:00', zone));
  const rows = await reservationsQuery(db)
    .where(and(lt(reservations.startsAt, to), gt(reservations.endsAt, from)))
    .orderBy(asc(reservations.tableId), asc(reservations.startsAt));
  return rows.map((r) => toReservation(r.row, r.tableName));
}

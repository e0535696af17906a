/**
 * What each table's light should be: the tables that have one, read with what decides it (a
 * running game, the last end, the next booking), and the rule that decides it. lights.ts drives
 * the relays from these; the demo broker plays a club's relays from them.
 */
import type { TDeviceSettings, TDeviceState, TLightMode } from '@club/shared/devices';
import { and, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { spelledOut } from '../db/json-rows.ts';
import { games, poolTables, reservations } from '../db/schema.ts';
import type { Device } from './protocol.ts';

/** A table with a light, as a decision needs it. */
export interface LightRow {
  id: number;
  name: string;
  device: Device;
  mode: TLightMode;
  shown: TDeviceState;
  running: boolean;
  lastEndedAt: Date | null;
  bookedFrom: Date | null;
}

const MINUTE = 60_000;

/** Whether a table's light should be on now. */
export function shouldBeOn(row: LightRow, settings: TDeviceSettings, now: number): boolean {
  if (row.mode !== 'auto') return row.mode === 'on';
  if (row.running) return true;
  if (row.bookedFrom && now >= row.bookedFrom.getTime() - settings.lights_on_before_booking_minutes * MINUTE)
    return true;
  // a join within the delay finds it still on
  return row.lastEndedAt !== null && now < row.lastEndedAt.getTime() + settings.lights_off_after_minutes * MINUTE;
}

/** Every table with a light, with its running game, last end and next booking, in one read. */
export async function readLightRows(db: Db, now: Date): Promise<LightRow[]> {
  // the outer table, spelled out: inside a subquery a bare column would name the inner one
  const table = spelledOut(poolTables, poolTables.id);
  const rows = await db
    .select({
      id: poolTables.id,
      name: poolTables.name,
      kind: poolTables.lightKind,
      topic: poolTables.lightTopic,
      mode: poolTables.lightMode,
      shown: poolTables.lightState,
      running: sql<boolean>`exists (select 1 from ${games} where ${spelledOut(games, games.tableId)} = ${table} and ${spelledOut(games, games.status)} <> 'ended')`,
      lastEndedAt: sql<
        string | null
      >`(select max(${spelledOut(games, games.endedAt)}) from ${games} where ${spelledOut(games, games.tableId)} = ${table})`,
      bookedFrom: sql<
        string | null
      >`(select min(${spelledOut(reservations, reservations.startsAt)}) from ${reservations} where ${spelledOut(reservations, reservations.tableId)} = ${table} and ${spelledOut(reservations, reservations.status)} = 'booked' and ${spelledOut(reservations, reservations.endsAt)} > ${now})`,
    })
    .from(poolTables)
    .where(and(isNull(poolTables.deletedAt), isNotNull(poolTables.lightKind), isNotNull(poolTables.lightTopic)));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    device: { kind: r.kind!, topic: r.topic! },
    mode: r.mode,
    shown: r.shown,
    running: Boolean(r.running),
    lastEndedAt: r.lastEndedAt ? new Date(r.lastEndedAt) : null,
    bookedFrom: r.bookedFrom ? new Date(r.bookedFrom) : null,
  }));
}

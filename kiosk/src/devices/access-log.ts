import { PER_PAGE } from '@club/shared/api';
import type { TDoorLogEntry, TDoorLogFilter, TLightOverride } from '@club/shared/devices';
import { addDays, instantOf } from '@club/shared/time-zone';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { doorAccessLog, lightOverrides, users } from '../db/schema.ts';
import { clubTimeZone } from '../discounts/club-time-zone.ts';

const fullName = (name: string | null, surname: string | null) =>
  name === null ? null : [name, surname].filter(Boolean).join(' ');

/** A page of the door's access log, newest first; dates are the club's local days, both included. */
export async function readDoorLog(db: Executor, query: TDoorLogFilter) {
  const zone = clubTimeZone();
  const where: SQL[] = [];
  if (query.user_id !== undefined) where.push(eq(doorAccessLog.userId, query.user_id));
  if (query.result !== undefined) where.push(eq(doorAccessLog.result, query.result));
  if (query.from) where.push(gte(doorAccessLog.at, new Date(instantOf(query.from, '00:00', zone))));
  if (query.to) where.push(lt(doorAccessLog.at, new Date(instantOf(addDays(query.to, 1), '00:00', zone))));
  const filter = where.length ? and(...where) : undefined;
  const [total] = await db.select({ n: count() }).from(doorAccessLog).where(filter);
  const rows = await db
    .select({ entry: doorAccessLog, name: users.name, surname: users.surname })
    .from(doorAccessLog)
    .leftJoin(users, eq(users.id, doorAccessLog.userId))
    .where(filter)
    .orderBy(desc(doorAccessLog.at), desc(doorAccessLog.id))
    .limit(PER_PAGE)
    .offset((query.page - 1) * PER_PAGE);
  const n = total?.n ?? 0;
  const data: TDoorLogEntry[] = rows.map(({ entry, name, surname }) => ({
    id: entry.id,
    at: entry.at.toISOString(),
    user_id: entry.userId,
    user_name: fullName(name, surname),
    result: entry.result,
    grant: entry.grant,
  }));
  return { data, total: n, lastPage: Math.max(1, Math.ceil(n / PER_PAGE)) };
}

/** A page of staff's light overrides (one table's, or all), newest first. */
export async function readLightLog(db: Executor, query: { page: number; table_id?: number | undefined }) {
  const filter = query.table_id === undefined ? undefined : eq(lightOverrides.tableId, query.table_id);
  const [total] = await db.select({ n: count() }).from(lightOverrides).where(filter);
  const rows = await db
    .select({ entry: lightOverrides, name: users.name, surname: users.surname })
    .from(lightOverrides)
    .leftJoin(users, eq(users.id, lightOverrides.userId))
    .where(filter)
    .orderBy(desc(lightOverrides.at), desc(lightOverrides.id))
    .limit(PER_PAGE)
    .offset((query.page - 1) * PER_PAGE);
  const n = total?.n ?? 0;
  const data: TLightOverride[] = rows.map(({ entry, name, surname }) => ({
    id: entry.id,
    table_id: entry.tableId,
    mode: entry.mode,
    user_id: entry.userId,
    user_name: fullName(name, surname),
    during_game: entry.duringGame,
    at: entry.at.toISOString(),
  }));
  return { data, total: n, lastPage: Math.max(1, Math.ceil(n / PER_PAGE)) };
}

import { clock } from '@club/shared/clock';
import { and, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { cachedRead } from '../db/read-cache.ts';
import { games } from '../db/schema.ts';
import { clubTimeZone } from '../discounts/club-time-zone.ts';
import { buildModel, type FreeTimeModel, type Session } from './free-time-model.ts';

const HISTORY_DAYS = 180;
const MAX_SESSIONS = 20_000;
/** the history changes by a few games an hour: the model is rebuilt every ten minutes */
const MODEL_TTL_MS = 10 * 60_000;

/** The club's finished sessions of the last half year (newest first), with how many played in each. */
export async function readSessions(db: Executor): Promise<Session[]> {
  const since = new Date(clock.nowMs() - HISTORY_DAYS * 86_400_000);
  const rows = await db
    .select({
      startedAt: games.startedAt,
      endedAt: games.endedAt,
      party: sql<number>`(select count(*) from players p where p.game_id = ${games.id})`,
    })
    .from(games)
    .where(and(eq(games.status, 'ended'), isNotNull(games.endedAt), gt(games.startedAt, since)))
    .orderBy(desc(games.startedAt))
    .limit(MAX_SESSIONS);
  return rows.map((r) => ({
    startedAt: r.startedAt,
    minutes: ((r.endedAt as Date).getTime() - r.startedAt.getTime()) / 60_000,
    partySize: Math.max(1, Number(r.party)),
  }));
}

const model = cachedRead(async (db) => buildModel(await readSessions(db), clubTimeZone()), MODEL_TTL_MS);

/** The prediction model of this database, kept for ten minutes. */
export function freeTimeModel(db: Executor): Promise<FreeTimeModel> {
  return model.get(db);
}

/** Drops the kept model (a test that writes a history, or an import). */
export function forgetFreeTimeModel(db: Executor): void {
  model.forget(db);
}

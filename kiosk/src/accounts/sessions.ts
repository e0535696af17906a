import { clock } from '@club/shared/clock';
import DataLoader from 'dataloader';
import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { CACHE_TTL_MS, databaseOf } from '../db/read-cache.ts';
import { sessions, users } from '../db/schema.ts';
import type { Emit } from '../outbox/with-events.ts';
import { endSessionPushes, endUserPushes } from '../push/end-pushes.ts';
import { hashToken, newToken } from './tokens.ts';

export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/** Starts a session for a user; the plain token is returned once and never stored. */
export async function createSession(db: Executor, userId: number, userAgent?: string): Promise<string> {
  const token = newToken();
  const now = clock.now();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    userAgent: userAgent?.slice(0, 300),
  });
  return token;
}

type Found = { sessionId: number; userId: number; isAdmin: boolean; emailVerified: boolean };

/**
 * Sessions looked up by token digest, kept for a moment: every request of a player asks,
 * and the answer changes only with a logout, a revocation or a user's change, each of which
 * forgets the user's sessions here (`forgetUserSessions`). Per database (the kiosk's tests
 * run several in one process); see CACHE_TTL_MS for writers this process cannot hear.
 */
const known = new WeakMap<object, Map<string, Kept>>();
interface Kept {
  found: Found;
  /** when the session itself ends (the clock's time) */
  expiresAt: number;
  /** after this a request still gets it, and reads it again in the background */
  refreshAt: number;
  /** never answered after this (CACHE_TTL_MS after it was read) */
  until: number;
  refreshing?: boolean;
}
/**
 * Users whose sessions changed in a transaction that may not have committed yet: until then a
 * lookup may still read the old row, so none of theirs is kept for this long.
 */
const changing = new WeakMap<object, Map<number, number>>();
const CHANGE_WINDOW_MS = 10_000;
/**
 * A session is read again before it ages out, while its requests keep coming: a request that
 * waited for its session's read and then for its own would wait for the database twice, and
 * under load those are a request's slowest. Each is read again at its own time, between half of
 * CACHE_TTL_MS and four fifths of it: players who came in together would otherwise all be read
 * in the same instant.
 */
const refreshAfter = () => CACHE_TTL_MS * (0.5 + Math.random() * 0.3);
const MAX_KNOWN = 20_000;

function cacheOf(db: Executor) {
  const key = databaseOf(db);
  if (!known.has(key)) known.set(key, new Map());
  if (!changing.has(key)) changing.set(key, new Map());
  return { cache: known.get(key)!, changed: changing.get(key)! };
}

/** The live session a bearer token belongs to, with its user's admin flag and whether their address is proven. */
export async function findSession(db: Executor, token: string): Promise<Found | undefined> {
  const digest = hashToken(token);
  const { cache } = cacheOf(db);
  const now = Date.now();
  const hit = cache.get(digest);
  if (hit && now < hit.until && hit.expiresAt > clock.nowMs()) {
    if (now >= hit.refreshAt && !hit.refreshing) {
      hit.refreshing = true;
      // a failed read leaves the kept one to age out; the next request past it reads again
      readSession(db, digest, 'soon').catch(() => {
        hit.refreshing = false;
      });
    }
    return hit.found;
  }
  if (hit) cache.delete(digest);
  return readSession(db, digest, 'now');
}

type Row = Found & { tokenHash: string; expiresAt: Date };

/** Live sessions by digest, in one statement. */
async function readSessions(db: Executor, digests: readonly string[]): Promise<(Row | undefined)[]> {
  const rows = await db
    .select({
      tokenHash: sessions.tokenHash,
      sessionId: sessions.id,
      userId: users.id,
      isAdmin: users.isAdmin,
      emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(inArray(sessions.tokenHash, [...digests]), isNull(sessions.revokedAt), gt(sessions.expiresAt, clock.now())),
    );
  const byDigest = new Map(rows.map((row) => [row.tokenHash, row]));
  return digests.map((digest) => byDigest.get(digest));
}

/**
 * Session reads gathered into one statement per database: those a request waits for, from one
 * turn of the event loop (a crowd's first requests arrive together); and the background ones,
 * from a fifth of a second (they are not waited for, and a kept session has a second left).
 */
const GATHER_REFRESHES_MS = 200;
const loaders = new WeakMap<Executor, Record<'now' | 'soon', DataLoader<string, Row | undefined>>>();
function loaderOf(db: Executor, when: 'now' | 'soon') {
  let pair = loaders.get(db);
  if (!pair) {
    const loader = (schedule: (run: () => void) => void) =>
      new DataLoader<string, Row | undefined>((digests) => readSessions(db, digests), {
        cache: false,
        maxBatchSize: 500,
        batchScheduleFn: schedule,
      });
    pair = {
      now: loader((run) => setImmediate(run)),
      soon: loader((run) => setTimeout(run, GATHER_REFRESHES_MS).unref()),
    };
    loaders.set(db, pair);
  }
  return pair[when];
}

/** Reads a session from the database and keeps it, unless its user changed a moment ago. */
async function readSession(db: Executor, digest: string, when: 'now' | 'soon'): Promise<Found | undefined> {
  const { cache, changed } = cacheOf(db);
  const readAt = Date.now();
  const row = await loaderOf(db, when).load(digest);
  if (!row) {
    cache.delete(digest);
    return undefined;
  }
  const { expiresAt, tokenHash: _, ...found } = row;
  const changedAt = changed.get(found.userId);
  if (changedAt !== undefined && Date.now() - changedAt < CHANGE_WINDOW_MS) {
    cache.delete(digest);
    return found;
  }
  if (cache.size >= MAX_KNOWN && !cache.has(digest)) cache.delete(cache.keys().next().value!);
  cache.set(digest, {
    found,
    expiresAt: expiresAt.getTime(),
    refreshAt: readAt + refreshAfter(),
    until: readAt + CACHE_TTL_MS,
  });
  return found;
}

/**
 * Forgets a user's sessions at once (a logout, a revocation, a changed admin flag, an address
 * no longer proven, a deleted account): the next request of theirs reads the database. Called inside the changing
 * transaction, it also keeps their lookups out of the cache until that has surely committed.
 */
export function forgetUserSessions(db: Executor, userId: number): void {
  const { cache, changed } = cacheOf(db);
  const now = Date.now();
  changed.set(userId, now);
  for (const [digest, entry] of cache) if (entry.found.userId === userId) cache.delete(digest);
  for (const [id, at] of changed) if (now - at >= CHANGE_WINDOW_MS) changed.delete(id);
}

/** Ends one session; the gateway drops that user's sockets when it hears of it. */
export async function revokeSession(db: Executor, emit: Emit, sessionId: number): Promise<void> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(eq(sessions.id, sessionId))
    .returning({ userId: sessions.userId });
  if (row) forgetUserSessions(db, row.userId);
  await endSessionPushes(db, sessionId);
  if (row) await emit({ type: 'session.revoked', payload: { user_id: row.userId } });
}

/** Revokes every session of a user, except `keep` when given. */
export async function revokeUserSessions(db: Executor, emit: Emit, userId: number, keep?: number): Promise<void> {
  const mine = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(keep === undefined ? mine : and(mine, ne(sessions.id, keep)));
  forgetUserSessions(db, userId);
  await endUserPushes(db, userId);
  await emit({ type: 'session.revoked', payload: { user_id: userId } });
}

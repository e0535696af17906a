import { clock } from '@club/shared/clock';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import type { Emit } from '../outbox/with-events.ts';
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

/** The live session a bearer token belongs to, with its user's admin flag. */
export async function findSession(db: Executor, token: string) {
  const [row] = await db
    .select({ sessionId: sessions.id, userId: users.id, isAdmin: users.isAdmin })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, clock.now())),
    )
    .limit(1);
  return row;
}

/** Ends one session; the gateway drops that user's sockets when it hears of it. */
export async function revokeSession(db: Executor, emit: Emit, sessionId: number): Promise<void> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(eq(sessions.id, sessionId))
    .returning({ userId: sessions.userId });
  if (row) await emit({ type: 'session.revoked', payload: { user_id: row.userId } });
}

/** Revokes every session of a user, except `keep` when given. */
export async function revokeUserSessions(db: Executor, emit: Emit, userId: number, keep?: number): Promise<void> {
  const mine = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(keep === undefined ? mine : and(mine, ne(sessions.id, keep)));
  await emit({ type: 'session.revoked', payload: { user_id: userId } });
}

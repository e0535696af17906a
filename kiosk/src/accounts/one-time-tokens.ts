import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { and, eq, exists, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { oneTimeTokens, users } from '../db/schema.ts';
import { hashToken, newToken } from './tokens.ts';

export type Purpose = 'verify_email' | 'reset_password' | 'set_password';

const HOUR = 60 * 60 * 1000;
export const TOKEN_TTL_HOURS: Record<Purpose, number> = { verify_email: 48, reset_password: 2, set_password: 72 };

/**
 * Issues a link token for the address it is mailed to; earlier unused ones of the same
 * purpose stop working.
 */
export async function issueToken(db: Executor, user: { id: number; email: string }, purpose: Purpose): Promise<string> {
  const token = newToken();
  const now = clock.now();
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
  await db.insert(oneTimeTokens).values({
    userId: user.id,
    email: user.email,
    purpose,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_HOURS[purpose] * HOUR),
  });
  return token;
}

/** Every unused link of a user stops working (their address changed: the links went to the old one). */
export async function revokeTokens(db: Executor, userId: number): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: clock.now() })
    .where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt)));
}

/**
 * Uses a token once: a single conditional update, so two clicks on the same link cannot
 * both succeed. A link proves only the address it was mailed to, so it works only while
 * that is still the account's address. Answers the user id, or throws `error.token_invalid`.
 */
export async function consumeToken(
  db: Executor,
  token: string,
  purposes: Purpose[],
): Promise<{ userId: number; purpose: Purpose }> {
  const now = clock.now();
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
        exists(
          db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.id, oneTimeTokens.userId), eq(users.email, oneTimeTokens.email))),
        ),
      ),
    )
    .returning({ userId: oneTimeTokens.userId, purpose: oneTimeTokens.purpose });
  if (!row || !purposes.includes(row.purpose)) throw new AppError('error.token_invalid');
  return row;
}

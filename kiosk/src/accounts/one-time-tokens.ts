import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { oneTimeTokens } from '../db/schema.ts';
import { hashToken, newToken } from './tokens.ts';

export type Purpose = 'verify_email' | 'reset_password' | 'set_password';

const HOUR = 60 * 60 * 1000;
export const TOKEN_TTL_HOURS: Record<Purpose, number> = { verify_email: 48, reset_password: 2, set_password: 72 };

/** Issues a link token; earlier unused ones of the same purpose stop working. */
export async function issueToken(db: Executor, userId: number, purpose: Purpose): Promise<string> {
  const token = newToken();
  const now = clock.now();
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
  await db.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_HOURS[purpose] * HOUR),
  });
  return token;
}

/**
 * Uses a token once: a single conditional update, so two clicks on the same link cannot
 * both succeed. Answers the user id, or throws `error.token_invalid`.
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
      ),
    )
    .returning({ userId: oneTimeTokens.userId, purpose: oneTimeTokens.purpose });
  if (!row || !purposes.includes(row.purpose)) throw new AppError('error.token_invalid');
  return row;
}

import { clock } from '@club/shared/clock';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import type { Deps } from '../http/context.ts';
import { findUser } from '../users/find-user.ts';
import { consumeToken } from './one-time-tokens.ts';
import { sendLink } from './register-user.ts';

/** Opens the link from the verification e-mail. */
export async function verifyEmail(deps: Deps, token: string) {
  return deps.db.transaction(async (tx) => {
    const { userId } = await consumeToken(tx, token, ['verify_email']);
    const user = await findUser(tx, userId);
    if (user.emailVerifiedAt) return user;
    const [updated] = await tx
      .update(users)
      .set({ emailVerifiedAt: clock.now(), updatedAt: clock.now() })
      .where(eq(users.id, userId))
      .returning();
    return updated ?? user;
  });
}

/** Sends a fresh verification link; a verified address needs none. */
export async function resendVerification(deps: Deps, userId: number): Promise<{ sent: boolean }> {
  const sent = await deps.db.transaction(async (tx) => {
    const user = await findUser(tx, userId);
    if (user.emailVerifiedAt) return false;
    await sendLink(deps, tx, user, 'verify_email');
    return true;
  });
  if (sent) deps.mailer.kick();
  return { sent };
}

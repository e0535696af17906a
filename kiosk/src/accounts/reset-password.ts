import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import type { Deps } from '../http/context.ts';
import { withEvents } from '../outbox/with-events.ts';
import { findUser } from '../users/find-user.ts';
import { consumeToken } from './one-time-tokens.ts';
import { assertPasswordAllowed } from './password-policy.ts';
import { checkPassword, hashPassword } from './passwords.ts';
import { sendLink } from './register-user.ts';
import { revokeUserSessions } from './sessions.ts';

/** Mails a reset link if the address has an account; says nothing either way. */
export async function requestPasswordReset(deps: Deps, email: string): Promise<void> {
  const queued = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    // a walk-in guest has no login to reset
    if (!user || user.walkIn) return false;
    await sendLink(deps, tx, user, user.passwordHash ? 'reset_password' : 'set_password');
    return true;
  });
  if (queued) deps.mailer.kick();
}

/**
 * Sets a new password from a reset (or first-password) link. Every session of the user
 * ends; opening the link also proves the e-mail address.
 */
export async function completePasswordReset(deps: Deps, input: { token: string; password: string }): Promise<void> {
  // before the link is used up, so that the person can try another password with it
  assertPasswordAllowed(input.password);
  const passwordHash = await hashPassword(input.password);
  await withEvents(deps.db, async (tx, emit) => {
    const { userId } = await consumeToken(tx, input.token, ['reset_password', 'set_password']);
    const user = await findUser(tx, userId);
    const now = clock.now();
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now, updatedAt: now })
      .where(eq(users.id, userId));
    await revokeUserSessions(tx, emit, userId);
  });
}

/** Changes the password of a logged-in user; their other sessions end. */
export async function changePassword(
  deps: Deps,
  input: { userId: number; sessionId: number; current: string; password: string },
): Promise<void> {
  assertPasswordAllowed(input.password);
  const user = await findUser(deps.db, input.userId);
  if (!(await checkPassword(user.passwordHash, input.current))) throw new AppError('error.current_password_wrong');
  const passwordHash = await hashPassword(input.password);
  await withEvents(deps.db, async (tx, emit) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: clock.now() })
      .where(eq(users.id, input.userId))
      .returning({ id: users.id });
    if (!row) throw new AppError('error.unable_to_update_password');
    await revokeUserSessions(tx, emit, input.userId, input.sessionId);
  });
}

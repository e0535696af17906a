import { AppError } from '@club/shared/errors';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import type { Deps } from '../http/context.ts';
import { checkPassword } from './passwords.ts';
import { createSession } from './sessions.ts';

/** Checks the password and opens a session; the same answer for an unknown e-mail. */
export async function logIn(deps: Deps, input: { email: string; password: string; userAgent?: string | undefined }) {
  const [user] = await deps.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const valid = await checkPassword(user?.passwordHash, input.password);
  if (!user || !valid || user.walkIn) throw new AppError('error.invalid_credentials');
  const token = await createSession(deps.db, user.id, input.userAgent).catch(() => {
    throw new AppError('error.unable_to_generate_token');
  });
  return { token, user };
}

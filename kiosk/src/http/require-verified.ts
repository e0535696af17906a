import { AppError } from '@club/shared/errors';
import { eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { AppEnv } from './context.ts';

/**
 * Playing, buying and paying need a proven e-mail address (the club's receipts and links
 * reach the person): an account that has not opened its verification link answers 403
 * `error.email_not_verified`, whatever the app in front of it shows. Runs after `requireUser`.
 */
export function requireVerified(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = c.get('auth');
    if (!auth) throw new AppError('error.auth_required');
    // proven at the session's lookup; a proof since then is read below
    if (auth.emailVerified) return next();
    const [user] = await db
      .select({ verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, auth.userId))
      .limit(1);
    if (!user?.verifiedAt) throw new AppError('error.email_not_verified');
    await next();
  };
}

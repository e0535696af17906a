import { AppError } from '@club/shared/errors';
import { SESSION_TOKEN_PATTERN } from '@club/shared/session';
import type { Context, MiddlewareHandler } from 'hono';
import { findSession } from '../accounts/sessions.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { AppEnv, AuthInfo } from './context.ts';
import { answerSetsSession, clearSessionCookies, sessionCookie } from './session-cookie.ts';

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/;

/** The token of an `Authorization: Bearer` header (API clients), if the request has one. */
export function bearerToken(c: Context): string | undefined {
  return BEARER.exec(c.req.header('authorization') ?? '')?.[1];
}

/**
 * Reads the session token — the bearer header of an API client, else the browser's `token`
 * cookie — and remembers whose session it is. A cookie that names no live session (expired,
 * revoked, made up) is cleared in the answer, so the browser stops sending it; the web app,
 * which cannot see it, learns of it from the refusal (and drops `logged_in` itself).
 */
export function authenticate(db: Db, config: Config): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const bearer = bearerToken(c);
    const cookie = bearer ? undefined : sessionCookie(c);
    const token = bearer ?? (cookie && SESSION_TOKEN_PATTERN.test(cookie) ? cookie : undefined);
    const session = token ? await findSession(db, token) : undefined;
    if (session) c.set('auth', session);
    await next();
    if (cookie !== undefined && !session && !answerSetsSession(c)) clearSessionCookies(c, config, { loggedIn: false });
  };
}

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('auth')) throw new AppError('error.auth_required');
  await next();
};

export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const auth = c.get('auth');
  if (!auth) throw new AppError('error.auth_required');
  if (!auth.isAdmin) throw new AppError('error.forbidden');
  await next();
};

/** The caller of a route behind `requireUser`. */
export function caller(c: Context<AppEnv>): AuthInfo {
  const auth = c.get('auth');
  if (!auth) throw new AppError('error.auth_required');
  return auth;
}

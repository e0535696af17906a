import { AppError } from '@club/shared/errors';
import type { Context, MiddlewareHandler } from 'hono';
import { findSession } from '../accounts/sessions.ts';
import type { Db } from '../db/client.ts';
import type { AppEnv, AuthInfo } from './context.ts';

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/;

/** Reads the bearer token, if any, and remembers whose session it is. */
export function authenticate(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const match = BEARER.exec(c.req.header('authorization') ?? '');
    if (match?.[1]) {
      const session = await findSession(db, match[1]);
      if (session) c.set('auth', session);
    }
    await next();
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

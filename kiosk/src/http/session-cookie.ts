import { LOGGED_IN_COOKIE, SESSION_COOKIE, SESSION_TTL_SECONDS } from '@club/shared/session';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';
import type { Config } from '../config.ts';
import { cameOverHttps } from './strict-transport.ts';

/**
 * The browser's login as two cookies (shared/session.ts): the token, out of every script's
 * reach, and `logged_in`, which the web app reads to know it has a login. `Secure` where the
 * club is served over https, so the token never crosses plain http.
 */
function options(c: Context, config: Config, httpOnly: boolean): CookieOptions {
  const secure = cameOverHttps(c, { publicUrl: config.publicUrl, trustProxy: config.TRUST_PROXY > 0 });
  return { path: '/', sameSite: 'Lax', httpOnly, secure };
}

export function setSessionCookies(c: Context, config: Config, token: string): void {
  setCookie(c, SESSION_COOKIE, token, { ...options(c, config, true), maxAge: SESSION_TTL_SECONDS });
  setCookie(c, LOGGED_IN_COOKIE, '1', { ...options(c, config, false), maxAge: SESSION_TTL_SECONDS });
}

/**
 * Clears the token; with `loggedIn`, also `logged_in` (a logout). A refused session leaves
 * `logged_in` to the web app: the refusal it reads is how it tells the person (SPEC §8).
 */
export function clearSessionCookies(c: Context, config: Config, { loggedIn }: { loggedIn: boolean }): void {
  deleteCookie(c, SESSION_COOKIE, options(c, config, true));
  if (loggedIn) deleteCookie(c, LOGGED_IN_COOKIE, options(c, config, false));
}

/** The session token the request's cookie carries, if any. */
export function sessionCookie(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

/** Whether this answer already sets the session cookie (a login): nothing may undo that. */
export function answerSetsSession(c: Context): boolean {
  return c.res.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`));
}

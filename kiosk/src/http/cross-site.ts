import { AppError } from '@club/shared/errors';
import type { Context, MiddlewareHandler } from 'hono';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import type { Config } from '../config.ts';
import { bearerToken } from './auth.ts';
import { sessionCookie } from './session-cookie.ts';

const SAFE = /^(GET|HEAD|OPTIONS)$/;

/**
 * No change is made, and no login either, from another site's page on the strength of the
 * browser (DESIGN §4). A browser's request (it carries the session cookie or an `Origin`)
 * without a bearer header (which no page of another site can add) that changes something must
 * come from the club's own pages: the browser's `Sec-Fetch-Site: same-origin`, or an `Origin`
 * that is the club's (PUBLIC_URL) or the request's own. `hono/csrf` refuses what an HTML form
 * of another site can send (form and text bodies, or none, without either header); an
 * `Origin` of another site is refused here whatever the body, though the API answers no CORS
 * preflight and a browser would not send a JSON one anyway. API clients (no cookie, no
 * `Origin`) are not affected. `SameSite=Lax` already keeps the cookie off cross-site posts;
 * this also covers a sibling site (another subdomain of the club's domain is the same site).
 */
export function refuseCrossSite(config: Pick<Config, 'publicUrl'>): MiddlewareHandler {
  const club = new URL(config.publicUrl).origin;
  const allowedOrigin = (origin: string, c: Context) => origin === club || origin === new URL(c.req.url).origin;
  const formCheck = csrf({ origin: allowedOrigin, secFetchSite: 'same-origin' });
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (SAFE.test(c.req.method) || bearerToken(c)) return next();
    if (origin === undefined && sessionCookie(c) === undefined) return next();
    const sameOrigin = c.req.header('sec-fetch-site') === 'same-origin';
    if (origin !== undefined && !sameOrigin && !allowedOrigin(origin, c))
      throw new AppError('error.cross_site_request');
    try {
      await formCheck(c, async () => undefined);
    } catch (error) {
      if (error instanceof HTTPException && error.status === 403) throw new AppError('error.cross_site_request');
      throw error;
    }
    return next();
  };
}

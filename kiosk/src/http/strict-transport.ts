import type { Context, MiddlewareHandler } from 'hono';

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Whether this request reached us over https: a TLS socket of our own, a PUBLIC_URL that
 * says the club is only served over https (a TLS-terminating proxy in front), or the
 * proxy's `X-Forwarded-Proto` when TRUST_PROXY says its headers can be believed.
 */
export function cameOverHttps(c: Context, options: { publicUrl: string; trustProxy: boolean }): boolean {
  if (options.publicUrl.startsWith('https:')) return true;
  if (new URL(c.req.url).protocol === 'https:') return true;
  if (!options.trustProxy) return false;
  return c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}

/**
 * HSTS only where it means something: over plain http a browser ignores it, and a dev
 * server on localhost that sends it would pin https on every other localhost port.
 */
export function strictTransport(options: { publicUrl: string; trustProxy: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (cameOverHttps(c, options)) c.header('strict-transport-security', HSTS);
    else c.res.headers.delete('strict-transport-security');
  };
}

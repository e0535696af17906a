import { AppError } from '@club/shared/errors';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { MemoryStore, rateLimiter } from 'hono-rate-limiter';
import type { AppEnv } from './context.ts';

/** The client's address: the socket's, or the proxy's header when we sit behind one. */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

async function bodyEmail(c: Context): Promise<string> {
  try {
    const body: unknown = await c.req.json();
    const email = (body as { email?: unknown } | null)?.email;
    return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 255) : '';
  } catch {
    return '';
  }
}

/**
 * Attempts allowed per window for one address (and, for login, per address and e-mail),
 * answered with 429 `error.rate_limited` beyond that.
 */
export function authRateLimit(options: {
  name: string;
  limit: number;
  windowMs: number;
  trustProxy: boolean;
  perEmail?: boolean;
}): MiddlewareHandler<AppEnv> {
  return rateLimiter<AppEnv>({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-6',
    store: new MemoryStore(),
    keyGenerator: async (c) => {
      const address = clientAddress(c, options.trustProxy);
      return options.perEmail ? `${options.name}:${address}:${await bodyEmail(c)}` : `${options.name}:${address}`;
    },
    handler: () => {
      throw new AppError('error.rate_limited');
    },
  });
}

import { AppError } from '@club/shared/errors';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { MemoryStore, rateLimiter } from 'hono-rate-limiter';
import type { AppEnv } from './context.ts';

/**
 * The client's address. Behind `proxies` trusted proxies it is the X-Forwarded-For entry
 * that many places from the right: each proxy appends the address it saw, so everything
 * further left was written by the client and proves nothing. With fewer entries than
 * proxies, the leftmost one is as far as the chain can be followed.
 */
export function clientAddress(c: Context, proxies: number): string {
  const socket = socketAddress(c);
  if (proxies <= 0) return socket;
  const chain = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!chain.length) return socket;
  return chain[Math.max(0, chain.length - proxies)] ?? socket;
}

function socketAddress(c: Context): string {
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

/** The counter operator a PIN is tried for (`user_id` in the body). */
async function bodyOperator(c: Context): Promise<string> {
  try {
    const body: unknown = await c.req.json();
    const id = (body as { user_id?: unknown } | null)?.user_id;
    return typeof id === 'number' ? String(id) : '';
  } catch {
    return '';
  }
}

/**
 * What one allowance is counted per: the address; the address and the e-mail in the body;
 * or the account alone, from any address (`email` in the body, or the logged-in `user`);
 * or the counter operator whose PIN is tried, from any device (`operator`).
 */
export type RateKey = 'address' | 'address-email' | 'email' | 'user' | 'operator';

function keyOf(c: Context<AppEnv>, by: RateKey, proxies: number): Promise<string> | string {
  if (by === 'address') return clientAddress(c, proxies);
  if (by === 'user') return String(c.get('auth')?.userId ?? clientAddress(c, proxies));
  if (by === 'email') return bodyEmail(c);
  if (by === 'operator') return bodyOperator(c);
  return bodyEmail(c).then((email) => `${clientAddress(c, proxies)}:${email}`);
}

/**
 * Attempts allowed per window, answered with 429 `error.rate_limited` beyond that. With
 * `failuresOnly` only refused attempts count, so a guesser is stopped without locking out
 * the owner who keeps logging in.
 */
export function authRateLimit(options: {
  name: string;
  limit: number;
  windowMs: number;
  trustProxy: number;
  by?: RateKey;
  failuresOnly?: boolean;
  /** callers not counted at all (staff, where the limit guards against players) */
  skip?: (c: Context<AppEnv>) => boolean;
}): MiddlewareHandler<AppEnv> {
  const by = options.by ?? 'address';
  return rateLimiter<AppEnv>({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-6',
    store: new MemoryStore(),
    skipSuccessfulRequests: options.failuresOnly ?? false,
    ...(options.skip ? { skip: options.skip } : {}),
    keyGenerator: async (c) => `${options.name}:${await keyOf(c, by, options.trustProxy)}`,
    handler: () => {
      throw new AppError('error.rate_limited');
    },
  });
}

export interface Allowance {
  take(key: string | number): void;
}

/**
 * The same allowance for a route that counts only some of its requests, those that do what is
 * limited (an edit that mails, not every edit): `take` counts one for `key` where the work
 * decides it is one, and beyond the limit throws 429 `error.rate_limited`, so that a
 * transaction it is taken in changes nothing.
 */
export function authAllowance(options: { name: string; limit: number; windowMs: number }): Allowance {
  const store = new MemoryStore();
  store.init({ windowMs: options.windowMs } as Parameters<MemoryStore['init']>[0]);
  return {
    take(key) {
      if (store.increment(`${options.name}:${key}`).totalHits > options.limit) throw new AppError('error.rate_limited');
    },
  };
}

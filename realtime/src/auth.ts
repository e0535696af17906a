import type { KioskClient, SocketUser } from './kiosk-client.ts';

/**
 * Handshake tokens checked against the kiosk, remembered briefly: a burst of reconnects
 * costs the kiosk one profile call per token and window, and a revoked token stops
 * working within `ttlMs` (at once when the kiosk says so with an event).
 */
export function createAuthCache(kiosk: KioskClient, ttlMs: number, now: () => number = Date.now) {
  const entries = new Map<string, { user: SocketUser | null; until: number }>();
  const pending = new Map<string, Promise<SocketUser | null>>();

  function prune() {
    const t = now();
    for (const [token, entry] of entries) if (entry.until <= t) entries.delete(token);
  }
  const timer = setInterval(prune, Math.max(1000, ttlMs));
  timer.unref();

  return {
    async check(token: string): Promise<SocketUser | null> {
      const hit = entries.get(token);
      if (hit && hit.until > now()) return hit.user;
      const inFlight = pending.get(token);
      if (inFlight) return inFlight;
      const lookup = kiosk
        .profile(token)
        .then((user) => {
          entries.set(token, { user, until: now() + ttlMs });
          return user;
        })
        .finally(() => pending.delete(token));
      pending.set(token, lookup);
      return lookup;
    },
    /** forget what we know of a user's tokens (logout, kick): the next check asks the kiosk */
    forgetUser(userId: number) {
      for (const [token, entry] of entries) if (entry.user?.id === userId) entries.delete(token);
    },
    close() {
      clearInterval(timer);
    },
  };
}
export type AuthCache = ReturnType<typeof createAuthCache>;

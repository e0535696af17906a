import type { Executor } from './client.ts';

/**
 * How long a cached read is trusted without a change this process made. The kiosk is the one
 * process writing its database (DESIGN §2: one kiosk per deployment; PGlite cannot even be
 * opened twice), and every change it makes forgets the read at once. The limit is for a
 * writer it cannot hear — an operator's SQL, a second kiosk on the same PostgreSQL by
 * mistake: what they change is seen within this time.
 */
export const CACHE_TTL_MS = 5_000;

/**
 * The database an executor works on: a transaction (and a savepoint in it) shares its
 * database's dialect object, so caches per database hold for reads inside transactions too.
 */
export function databaseOf(db: Executor): object {
  return (db as unknown as { dialect: object }).dialect;
}

export interface CachedRead<T> {
  /** The value, read on `db` when missing or older than `CACHE_TTL_MS`. */
  get(db: Executor): Promise<T>;
  /** Drops the value: the next `get` reads again. Call it after the change committed. */
  forget(db: Executor): void;
}

interface Entry<T> {
  value: T;
  at: number;
}

/**
 * A small read that rarely changes (billing settings, discounts, role prices), kept per
 * database. Only a finished read is shared: a transaction on the embedded database must never
 * wait for a read queued behind itself. A read that was running when `forget` was called is
 * used by its caller but not kept, as it may predate the change.
 */
export function cachedRead<T>(load: (db: Executor) => Promise<T>, ttlMs = CACHE_TTL_MS): CachedRead<T> {
  const entries = new WeakMap<object, Entry<T>>();
  const revisions = new WeakMap<object, number>();
  return {
    async get(db) {
      const key = databaseOf(db);
      const at = Date.now();
      const entry = entries.get(key);
      if (entry && at - entry.at < ttlMs) return entry.value;
      const revision = revisions.get(key) ?? 0;
      const value = await load(db);
      if ((revisions.get(key) ?? 0) === revision) entries.set(key, { value, at });
      return value;
    },
    forget(db) {
      const key = databaseOf(db);
      revisions.set(key, (revisions.get(key) ?? 0) + 1);
      entries.delete(key);
    },
  };
}

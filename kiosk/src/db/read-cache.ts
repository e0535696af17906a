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
  /** a caller is reading it again; the others answer this value meanwhile */
  refreshing?: boolean;
}

/**
 * A small read that rarely changes (billing settings, discounts, role prices), kept per
 * database. Only a finished read is shared: a transaction on the embedded database must never
 * wait for a read queued behind itself. A read that was running when `forget` was called is
 * used by its caller but not kept, as it may predate the change.
 *
 * When the value is older than the limit, the first caller reads it again and the others
 * answer the value they have until that read is done. Read by every caller at once, as before,
 * it was a burst of the same query from every request in flight, and that burst set the p99 of
 * a game's read. After `forget` nothing is answered from before the change.
 */
export function cachedRead<T>(load: (db: Executor) => Promise<T>, ttlMs = CACHE_TTL_MS): CachedRead<T> {
  const entries = new WeakMap<object, Entry<T>>();
  const revisions = new WeakMap<object, number>();
  return {
    async get(db) {
      const key = databaseOf(db);
      const at = Date.now();
      const entry = entries.get(key);
      if (entry && (at - entry.at < ttlMs || entry.refreshing)) return entry.value;
      if (entry) entry.refreshing = true;
      const revision = revisions.get(key) ?? 0;
      try {
        const value = await load(db);
        if ((revisions.get(key) ?? 0) === revision) entries.set(key, { value, at });
        return value;
      } finally {
        if (entry) entry.refreshing = false;
      }
    },
    forget(db) {
      const key = databaseOf(db);
      revisions.set(key, (revisions.get(key) ?? 0) + 1);
      entries.delete(key);
    },
  };
}

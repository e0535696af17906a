import { clock } from '@club/shared/clock';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../db/client.ts';
import { cachedRead } from '../db/read-cache.ts';
import { settings } from '../db/schema.ts';

export interface Setting<T> {
  readonly key: string;
  /** As saved, past the memory: what a journal's "before" must be. */
  read(db: Executor): Promise<T>;
  /** Kept in memory (`cachedRead`): for the reads on every request. */
  get(db: Executor): Promise<T>;
  /** Saves the value and forgets the kept one. Inside a transaction, `forget` again after it committed. */
  save(db: Executor, value: T): Promise<T>;
  forget(db: Executor): void;
}

/**
 * One club setting: a row of `settings` under `key`, checked by `schema`. Until it is saved,
 * or when what is stored no longer passes the schema (a setting that gained a field), it is
 * `fallback`, so a read never fails on the club's own configuration.
 */
export function defineSetting<S extends z.ZodType>(
  key: string,
  schema: S,
  fallback: z.output<S>,
): Setting<z.output<S>> {
  type T = z.output<S>;
  const read = async (db: Executor): Promise<T> => {
    const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
    const parsed = schema.safeParse(row?.value);
    return parsed.success ? parsed.data : fallback;
  };
  const kept = cachedRead(read);
  return {
    key,
    read,
    get: kept.get,
    async save(db, value) {
      const at = clock.now();
      await db
        .insert(settings)
        .values({ key, value, updatedAt: at })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: at } });
      kept.forget(db);
      return value;
    },
    forget: kept.forget,
  };
}

import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/client.ts';
import type { AppEnv } from '../http/context.ts';

/**
 * The newest outbox id this process knows to be committed, per database. Writers hold the
 * outbox's lock from their events' insert to their commit (`LOCK_EVENTS`), so ids commit in
 * order: a read that starts after an id was noted holds every change up to it. That is what
 * an answer's `read_seq` says (DESIGN.md §5): a phone that joins a live room after reading
 * need not read again when the room heard nothing newer. Another process's commits are noted
 * when the outbox worker leases them; until then the number is lower than the database's,
 * which only makes a phone read again when it need not.
 */
const known = new WeakMap<Db, number>();

export function noteCommitted(db: Db, id: number): void {
  if (id > (known.get(db) ?? -1)) known.set(db, id);
}

export function committedSeq(db: Db): number | undefined {
  return known.get(db);
}

/** Stamps each request, before its handler reads anything, with the number its reads will hold. */
export function stampReads(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const seq = committedSeq(db);
    if (seq !== undefined) c.set('readSeq', seq);
    await next();
  };
}

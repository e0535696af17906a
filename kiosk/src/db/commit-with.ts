import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from './client.ts';

export type Row = Record<string, unknown>;

/** What a transaction's work answers: its value, and the statement to end it with, if any. */
export interface Ending<T> {
  value: T;
  last?: SQL | undefined;
}

/**
 * Runs `work` in a transaction (Drizzle's `db.transaction`) and ends it with the statement
 * `work` answers, if any, just before the commit: a lock that statement takes (the outbox's,
 * `writeEvents`, which every writer takes) is held from there to the commit only. Answers
 * `work`'s value and the rows that statement returned.
 */
export function transactionEndingWith<T>(
  db: Db,
  work: (tx: Tx) => Promise<Ending<T>>,
): Promise<{ value: T; rows: Row[] }> {
  return db.transaction(async (tx) => {
    const { value, last } = await work(tx);
    return { value, rows: last ? await rowsOf(tx, last) : [] };
  });
}

/**
 * One statement in a transaction of its own, after `first` (fixed statements without values:
 * taking a lock); answers its rows. The statement runs after the lock was granted, so it sees
 * everything committed before that.
 */
export function transactionOfOne(db: Db, first: string[], statement: SQL): Promise<Row[]> {
  return db.transaction(async (tx) => {
    for (const text of first) await tx.execute(sql.raw(text));
    return rowsOf(tx, statement);
  });
}

/** The rows a raw statement answers (both drivers answer it with its rows). */
export async function rowsOf(tx: Executor, statement: SQL): Promise<Row[]> {
  return ((await tx.execute(statement)) as unknown as { rows: Row[] }).rows;
}

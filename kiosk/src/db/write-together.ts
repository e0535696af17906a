import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

/** A write for `writeTogether`; nothing (undefined, false) is skipped. */
export type Write = SQLWrapper | undefined | false;

/**
 * Runs writes that do not depend on each other as one statement (data-modifying common table
 * expressions): one round trip to the database instead of one each. They see the database as
 * it was before the statement, none of them sees another's rows, and each must touch rows the
 * others do not — an update and an insert into other tables, say. Nothing is answered.
 */
export async function writeTogether(tx: Executor, ...writes: Write[]): Promise<void> {
  const statement = togetherStatement(writes);
  if (statement) await tx.execute(statement);
}

/** The statement `writeTogether` runs, or nothing when there is nothing to write. */
export function togetherStatement(writes: Write[]): SQL | undefined {
  const all = writes.filter((w): w is SQLWrapper => Boolean(w));
  const last = all.pop();
  return last && statementWith(all, last.getSQL());
}

/**
 * `last`, with `writes` made in the same statement before it (as `writeTogether` makes them);
 * `last` answers what it returns.
 */
export function statementWith(writes: Write[], last: SQL): SQL {
  // a query builder put in a template is put in parentheses, which a statement cannot start with
  const ctes: SQL[] = writes
    .filter((w): w is SQLWrapper => Boolean(w))
    .map((write, i) => sql`${sql.identifier(`write_${i}`)} as (${write.getSQL()})`);
  return ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ${last}` : last;
}

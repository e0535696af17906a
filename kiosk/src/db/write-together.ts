import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

/**
 * Runs writes that do not depend on each other as one statement (data-modifying common table
 * expressions): one round trip to the database instead of one each. They see the database as
 * it was before the statement, none of them sees another's rows, and each must touch rows the
 * others do not — an update and an insert into other tables, say. Nothing is answered.
 */
export async function writeTogether(tx: Executor, ...writes: (SQLWrapper | undefined | false)[]): Promise<void> {
  // a query builder put in a template is put in parentheses, which a statement cannot start with
  const all = writes.filter((w): w is SQLWrapper => Boolean(w)).map((w) => w.getSQL());
  const last = all.pop();
  if (!last) return;
  const ctes: SQL[] = all.map((write, i) => sql`${sql.identifier(`write_${i}`)} as (${write})`);
  await tx.execute(ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ${last}` : sql`${last}`);
}

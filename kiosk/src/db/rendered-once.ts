import { is, Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

/**
 * A statement whose text is written once. Drizzle walks every fragment of a statement each
 * time it runs it, and a game's read carries a hundred columns as JSON: on a pause that walk
 * was a twentieth of the kiosk's work. `statement` names its values with `sql.placeholder`;
 * the answer makes the statement for given values out of the text written here, and the
 * database sees the same text every time (a named, prepared statement on PostgreSQL).
 */
export function renderedOnce<V extends Record<string, unknown>>(statement: SQL): (values: V) => SQL {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const names = params.map((p) => {
    if (!is(p, Placeholder)) throw new Error('a statement written once takes its values as placeholders');
    return p.name;
  });
  const parts = text.split(/\$\d+/).map((part) => sql.raw(part));
  if (parts.length !== names.length + 1) throw new Error('a statement written once must hold no other $n');
  return (values) => {
    const chunks: SQL[] = [parts[0]!];
    names.forEach((name, i) => {
      chunks.push(sql`${values[name]}`, parts[i + 1]!);
    });
    return sql.join(chunks);
  };
}

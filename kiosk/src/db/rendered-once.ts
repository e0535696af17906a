import { is, Param, Placeholder, SQL, type SQLChunk, StringChunk } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

/**
 * A statement whose text is written once. Drizzle walks every fragment of a statement each
 * time it runs it, and a game's read carries a hundred columns as JSON: on a pause that walk
 * was a twentieth of the kiosk's work. `statement` names the caller's values with
 * `sql.placeholder`; any other value in it is the statement's own constant, sent each time.
 * The answer makes the statement for given values out of the text written here, and the
 * database sees the same text every time (a named, prepared statement on PostgreSQL).
 */
export function renderedOnce<V extends Record<string, unknown>>(statement: SQL): (values: V) => SQL {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const fills = params.map((p): ((values: V) => unknown) => {
    if (is(p, Placeholder)) return (values) => values[p.name];
    // a column's value (an insert's, an update's) goes through the column's own mapping
    if (is(p, Param) && is(p.value, Placeholder)) {
      const { name } = p.value;
      return (values) => p.encoder.mapToDriverValue(values[name]);
    }
    return () => p;
  });
  const parts = text.split(/\$\d+/).map((part) => new StringChunk(part));
  if (parts.length !== fills.length + 1) throw new Error('a statement written once must hold no other $n');
  return (values) => {
    // text and values side by side, as Drizzle's own sql`…` keeps them (a value is a parameter): the least for it to walk
    const chunks: SQLChunk[] = [parts[0]!];
    fills.forEach((fill, i) => {
      chunks.push(fill(values) as SQLChunk, parts[i + 1]!);
    });
    return new SQL(chunks);
  };
}

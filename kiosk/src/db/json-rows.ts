import { type Column, getTableColumns, type InferSelectModel, type SQL, sql, type Table } from 'drizzle-orm';

/**
 * A column with its table spelled out: a select from one table leaves its own columns
 * unqualified, also inside subqueries, where a bare name would be the subquery's own table's.
 */
export const spelledOut = (table: Table, column: Column): SQL => sql`${table}.${sql.identifier(column.name)}`;

/**
 * A table's rows carried inside one JSON value, so a parent and its children come back as one
 * row: `json_agg(rows.array order by …)` in a subquery, `rows.parse` on each element. Each row
 * is an array of its columns in the table's order (no keys to repeat), read back by the
 * columns' own mapping (a `timestamptz` becomes a Date, as a plain select gives it).
 */
export function jsonRows<T extends Table>(table: T): { array: SQL; parse(values: unknown[]): InferSelectModel<T> } {
  const columns = Object.entries(getTableColumns(table)) as [string, Column][];
  return {
    array: sql`json_build_array(${sql.join(
      columns.map(([, c]) => spelledOut(table, c)),
      sql`, `,
    )})`,
    parse(values) {
      const row: Record<string, unknown> = {};
      columns.forEach(([key, column], i) => {
        const value = values[i];
        row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
      });
      return row as InferSelectModel<T>;
    },
  };
}

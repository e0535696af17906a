import { type AnyPgColumn, integer, serial, timestamp } from 'drizzle-orm/pg-core';

/** Times are `timestamptz`, always written from the clock module. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => at('created_at').notNull().defaultNow();
export const updatedAt = () => at('updated_at').notNull().defaultNow();
/** A table's own key. */
export const id = () => serial('id').primaryKey();
/** A row's creation and last change. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
/** A required link to another row; `cascade`: removed with it. */
export const link = (name: string, target: () => AnyPgColumn, onDelete?: 'cascade') =>
  integer(name)
    .notNull()
    .references(target, onDelete && { onDelete });
/** A link that may be empty; `set null` empties it when the other row goes, `cascade` removes this one. */
export const optionalLink = (name: string, target: () => AnyPgColumn, onDelete?: 'cascade' | 'set null') =>
  integer(name).references(target, onDelete && { onDelete });

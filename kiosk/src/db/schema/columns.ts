import { timestamp } from 'drizzle-orm/pg-core';

/** Times are `timestamptz`, always written from the clock module. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => at('created_at').notNull().defaultNow();
export const updatedAt = () => at('updated_at').notNull().defaultNow();

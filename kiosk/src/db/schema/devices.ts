/** The database: the keyholder club's door access log and staff's light overrides (DESIGN §14). */
import type { TDoorGrant, TDoorResult, TLightMode } from '@club/shared/devices';
import { bigserial, boolean, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';
import { users } from './people.ts';
import { poolTables } from './tables.ts';

/** Every attempt to open the door from the app, allowed or not. */
export const doorAccessLog = pgTable(
  'door_access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: at('at').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    result: varchar('result', { length: 12 }).notNull().$type<TDoorResult>(),
    grant: varchar('grant', { length: 12 }).$type<TDoorGrant>(),
  },
  (t) => [index('door_access_log_at_idx').on(t.at), index('door_access_log_user_idx').on(t.userId, t.at)],
);

/** Staff setting a table's light to auto, on or off: who and when. */
export const lightOverrides = pgTable(
  'light_overrides',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tableId: integer('table_id')
      .notNull()
      .references(() => poolTables.id),
    mode: varchar('mode', { length: 4 }).notNull().$type<TLightMode>(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    duringGame: boolean('during_game').notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('light_overrides_table_idx').on(t.tableId, t.at)],
);

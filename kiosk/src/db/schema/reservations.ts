/** The database: reservations (DESIGN §13). */
import type { TReservationStatus } from '@club/shared/reservations';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt, id, link, optionalLink } from './columns.ts';
import { users } from './people.ts';
import { poolTables } from './tables.ts';

/**
 * Bookings and event blocks of tables. No two live ones (`booked`, `claimed`) overlap on a
 * table: the migration adds an exclusion constraint over (table, time range) that Drizzle
 * cannot declare, so two concurrent bookings cannot both commit.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: id(),
    tableId: link('table_id', () => poolTables.id),
    kind: varchar('kind', { length: 10 }).notNull().$type<'booking' | 'block'>(),
    status: varchar('status', { length: 10 }).notNull().$type<TReservationStatus>(),
    /** the holder; null for a phone caller's booking or an event block */
    userId: optionalLink('user_id', () => users.id, 'set null'),
    name: varchar('name', { length: 120 }).notNull(),
    partySize: smallint('party_size').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    note: varchar('note', { length: 300 }).notNull().default(''),
    createdBy: optionalLink('created_by', () => users.id, 'set null'),
    createdAt: createdAt(),
    remindedAt: at('reminded_at'),
    claimedAt: at('claimed_at'),
    canceledAt: at('canceled_at'),
  },
  (t) => [
    check('reservations_range_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('reservations_party_check', sql`${t.partySize} between 1 and 50`),
    index('reservations_table_start_idx').on(t.tableId, t.startsAt),
    index('reservations_user_idx').on(t.userId, t.startsAt),
    index('reservations_live_idx').on(t.startsAt).where(sql`${t.status} = 'booked'`),
  ],
);

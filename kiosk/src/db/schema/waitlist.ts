/** The database: waitlist and Web Push (DESIGN §13). */
import type { TWaitlistStatus } from '@club/shared/waitlist';
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt, id, link, optionalLink } from './columns.ts';
import { sessions, users } from './people.ts';
import { poolTables } from './tables.ts';

/**
 * Parties waiting for a table, in `position` order. An `offered` entry holds its table until
 * `offer_expires_at`; the database keeps one open entry per person and one offer per table.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: id(),
    /** null for a walk-in staff added by name */
    userId: optionalLink('user_id', () => users.id, 'cascade'),
    name: varchar('name', { length: 100 }).notNull(),
    partySize: smallint('party_size').notNull(),
    /** line order; staff moving a party swaps two positions */
    position: doublePrecision('position').notNull(),
    status: varchar('status', { length: 10 }).notNull().$type<TWaitlistStatus>(),
    createdAt: createdAt(),
    offeredTableId: optionalLink('offered_table_id', () => poolTables.id),
    offeredAt: at('offered_at'),
    offerExpiresAt: at('offer_expires_at'),
    endedAt: at('ended_at'),
  },
  (t) => [
    check('waitlist_entries_party_size_check', sql`${t.partySize} between 1 and 50`),
    check(
      'waitlist_entries_offer_check',
      sql`${t.status} <> 'offered' or (${t.offeredTableId} is not null and ${t.offerExpiresAt} is not null)`,
    ),
    uniqueIndex('waitlist_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.status} in ('waiting', 'offered') and ${t.userId} is not null`),
    uniqueIndex('waitlist_one_offer_per_table').on(t.offeredTableId).where(sql`${t.status} = 'offered'`),
    index('waitlist_open_idx').on(t.position).where(sql`${t.status} in ('waiting', 'offered')`),
  ],
);

/** A device that allowed notifications: where its push service takes messages, and its keys. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: link('user_id', () => users.id, 'cascade'),
    /** the login that subscribed: its end (logout, revocation) ends the subscription */
    sessionId: optionalLink('session_id', () => sessions.id, 'cascade'),
    endpoint: text('endpoint').notNull(),
    p256dh: varchar('p256dh', { length: 200 }).notNull(),
    auth: varchar('auth', { length: 64 }).notNull(),
    createdAt: createdAt(),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/** The database: tables and games. */
import type { TDeviceKind, TDeviceState, TLightMode } from '@club/shared/devices';
import type { TGameStatus, TPlayerStatus } from '@club/shared/tables';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, id, link, optionalLink, timestamps, updatedAt } from './columns.ts';
import { roles, users } from './people.ts';

export const poolTables = pgTable(
  'pool_tables',
  {
    id: id(),
    name: varchar('name', { length: 100 }).notNull(),
    capacity: smallint('capacity').notNull(),
    pricePerMinute: integer('price_per_minute').notNull(),
    active: boolean('active').notNull().default(true),
    /** position on the floor plan, 0–100 % of its width and height */
    x: real('x').notNull().default(0),
    y: real('y').notNull().default(0),
    ...timestamps(),
    /** deleted tables stay for the history of their games */
    deletedAt: at('deleted_at'),
    /** set: the table is out of order (why, for staff and the floor); nobody joins or books it */
    outOfOrderReason: varchar('out_of_order_reason', { length: 200 }),
    // the table's light (DESIGN §14): its relay, staff's override and what it last reported
    lightKind: varchar('light_kind', { length: 10 }).$type<TDeviceKind>(),
    lightTopic: varchar('light_topic', { length: 100 }),
    lightMode: varchar('light_mode', { length: 4 }).notNull().default('auto').$type<TLightMode>(),
    lightState: varchar('light_state', { length: 7 }).notNull().default('unknown').$type<TDeviceState>(),
  },
  (t) => [
    check('pool_tables_capacity_check', sql`${t.capacity} between 1 and 50`),
    check('pool_tables_price_check', sql`${t.pricePerMinute} >= 0`),
    check('pool_tables_light_check', sql`(${t.lightKind} is null) = (${t.lightTopic} is null)`),
    // nameKey's rule (@club/shared/validation): one name per table on the floor, race-proof
    uniqueIndex('pool_tables_name_key')
      .on(sql`lower(regexp_replace(${t.name}, '\\s+', ' ', 'g'))`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const games = pgTable(
  'games',
  {
    id: id(),
    tableId: link('table_id', () => poolTables.id),
    status: varchar('status', { length: 10 }).notNull().$type<TGameStatus>(),
    startedAt: at('started_at').notNull(),
    endingAt: at('ending_at'),
    endedAt: at('ended_at'),
  },
  (t) => [
    index('games_table_idx').on(t.tableId),
    // at most one running game per table, enforced by the database
    uniqueIndex('games_one_running_per_table').on(t.tableId).where(sql`${t.status} <> 'ended'`),
  ],
);

export const players = pgTable(
  'players',
  {
    id: id(),
    gameId: link('game_id', () => games.id),
    userId: optionalLink('user_id', () => users.id, 'set null'),
    name: varchar('name', { length: 100 }).notNull(),
    /** the host player a guest is billed on */
    guestOf: integer('guest_of'),
    roleId: link('role_id', () => roles.id),
    /** fixed when the player joins */
    pricePerMinute: integer('price_per_minute').notNull(),
    joinedAt: at('joined_at').notNull(),
    leftAt: at('left_at'),
    status: varchar('status', { length: 10 }).notNull().$type<TPlayerStatus>(),
    orderId: integer('order_id'),
    /** after a table switch: this person's row at the previous table (one session, several segments) */
    previousPlayerId: integer('previous_player_id'),
    /** the subscription paying this session's first minutes, and its minutes left when the session began */
    subscriptionId: integer('subscription_id'),
    subscriptionMinutes: integer('subscription_minutes').notNull().default(0),
    /** when the player was told their prepaid time is nearly out, and that it is out */
    subscriptionLowNotifiedAt: at('subscription_low_notified_at'),
    subscriptionOutNotifiedAt: at('subscription_out_notified_at'),
  },
  (t) => [
    index('players_game_idx').on(t.gameId),
    index('players_user_idx').on(t.userId),
    // the seated count of each game, read by every table list
    index('players_seated_game_idx').on(t.gameId).where(sql`${t.status} = 'joined'`),
    // a host's guests, read by every leave
    index('players_guest_of_idx').on(t.guestOf).where(sql`${t.guestOf} is not null`),
    // a person plays at one table at a time
    uniqueIndex('players_one_active_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'joined' and ${t.userId} is not null`),
  ],
);

/** What happened in a game, in order: the billing function reads these. */
export const gameEvents = pgTable(
  'game_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameId: link('game_id', () => games.id),
    playerId: integer('player_id'),
    kind: varchar('kind', { length: 20 }).notNull(),
    at: at('at').notNull(),
    actorUserId: integer('actor_user_id'),
  },
  (t) => [index('game_events_game_idx').on(t.gameId)],
);

export const rolePricing = pgTable(
  'role_pricing',
  {
    id: id(),
    roleId: link('role_id', () => roles.id, 'cascade'),
    tableId: optionalLink('table_id', () => poolTables.id, 'cascade'),
    pricePerMinute: integer('price_per_minute').notNull(),
  },
  (t) => [unique('role_pricing_role_table_key').on(t.roleId, t.tableId).nullsNotDistinct()],
);

/** Club-wide settings as JSON by key (billing: rounding, minimum charge, grace period). */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 50 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** The database: discounts and notifications. */
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt, id, link, optionalLink } from './columns.ts';
import { roles, users } from './people.ts';

export const discounts = pgTable('discounts', {
  id: id(),
  name: varchar('name', { length: 150 }).notNull(),
  kind: varchar('kind', { length: 10 }).notNull().$type<'percent' | 'fixed'>(),
  value: integer('value').notNull(),
  appliesTo: varchar('applies_to', { length: 15 }).notNull().$type<'table_time' | 'products' | 'subscriptions'>(),
  roleId: optionalLink('role_id', () => roles.id, 'cascade'),
  validFrom: at('valid_from'),
  validTo: at('valid_to'),
  weekdays: smallint('weekdays').array().notNull().default(sql`'{}'::smallint[]`),
  timeFrom: varchar('time_from', { length: 5 }),
  timeTo: varchar('time_to', { length: 5 }),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

export const notifications = pgTable('notifications', {
  id: id(),
  message: text('message').notNull(),
  linkText: varchar('link_text', { length: 100 }),
  url: varchar('url', { length: 500 }),
  audience: varchar('audience', { length: 5 }).notNull().$type<'all' | 'role' | 'user'>(),
  roleId: optionalLink('role_id', () => roles.id, 'cascade'),
  userId: optionalLink('user_id', () => users.id, 'cascade'),
  startsAt: at('starts_at'),
  endsAt: at('ends_at'),
  createdAt: createdAt(),
});

export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: link('notification_id', () => notifications.id, 'cascade'),
    userId: link('user_id', () => users.id, 'cascade'),
    readAt: at('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.userId] })],
);

/** The database: shop. */
import type { TUserSubscriptionStatus } from '@club/shared/shop';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt, id, link, optionalLink, timestamps } from './columns.ts';
import { users } from './people.ts';

export const products = pgTable('products', {
  id: id(),
  name: varchar('name', { length: 150 }).notNull(),
  description: text('description').notNull().default(''),
  image: varchar('image', { length: 300 }),
  price: integer('price').notNull(),
  count: integer('count').notNull().default(0),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /** VAT percent inside the price (25, 15, 12 or 0) */
  vatRate: smallint('vat_rate').notNull().default(25),
  ...timestamps(),
});

export const subscriptionProducts = pgTable('subscription_products', {
  id: id(),
  name: varchar('name', { length: 150 }).notNull(),
  durationHours: integer('duration_hours').notNull(),
  price: integer('price').notNull(),
  active: boolean('active').notNull().default(true),
  /** VAT percent inside the price (25, 15, 12 or 0) */
  vatRate: smallint('vat_rate').notNull().default(25),
  /** an active subscription of it opens the club's door (DESIGN §14) */
  doorAccess: boolean('door_access').notNull().default(false),
  ...timestamps(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    userId: link('user_id', () => users.id, 'cascade'),
    productId: optionalLink('product_id', () => products.id, 'cascade'),
    subscriptionId: optionalLink('subscription_id', () => subscriptionProducts.id, 'cascade'),
    count: integer('count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_items_user_product_key').on(t.userId, t.productId).where(sql`${t.productId} is not null`),
    uniqueIndex('cart_items_user_subscription_key')
      .on(t.userId, t.subscriptionId)
      .where(sql`${t.subscriptionId} is not null`),
    check('cart_items_one_thing', sql`(${t.productId} is null) <> (${t.subscriptionId} is null)`),
  ],
);

export const userSubscriptions = pgTable(
  'user_subscriptions',
  {
    id: id(),
    userId: link('user_id', () => users.id, 'cascade'),
    subscriptionId: link('subscription_id', () => subscriptionProducts.id),
    name: varchar('name', { length: 150 }).notNull(),
    durationHours: integer('duration_hours').notNull(),
    usedMinutes: integer('used_minutes').notNull().default(0),
    /** minutes taken back because the money that bought them was refunded (never minutes already played) */
    refundedMinutes: integer('refunded_minutes').notNull().default(0),
    status: varchar('status', { length: 10 }).notNull().$type<TUserSubscriptionStatus>(),
    orderId: integer('order_id'),
    ...timestamps(),
  },
  (t) => [index('user_subscriptions_user_idx').on(t.userId)],
);

/** Pauses and resumptions of a user's subscription: billing skips the paused stretches. */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: id(),
    userSubscriptionId: link('user_subscription_id', () => userSubscriptions.id, 'cascade'),
    kind: varchar('kind', { length: 12 })
      .notNull()
      .$type<'paused' | 'unpaused' | 'deleted' | 'expired' | 'added' | 'refunded'>(),
    at: at('at').notNull(),
    actorUserId: integer('actor_user_id'),
  },
  (t) => [index('subscription_events_subscription_idx').on(t.userSubscriptionId)],
);

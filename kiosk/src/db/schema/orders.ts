/** The database: orders and payments. */
import type { TOrderStatus, TPaymentMethod } from '@club/shared/orders';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id, link, optionalLink, timestamps } from './columns.ts';
import { users } from './people.ts';
import { products, subscriptionProducts } from './shop.ts';

export const orders = pgTable(
  'orders',
  {
    id: id(),
    userId: optionalLink('user_id', () => users.id, 'set null'),
    kind: varchar('kind', { length: 10 }).notNull().$type<'game' | 'shop'>(),
    status: varchar('status', { length: 12 }).notNull().$type<TOrderStatus>(),
    method: varchar('method', { length: 10 }).$type<TPaymentMethod>(),
    // 64-bit: a sum of lines can pass what 32 bits hold (JS numbers are exact to 2^53)
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    discountAmount: bigint('discount_amount', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull(),
    /** øre given back so far (the sum of `refunds` that did not fail) */
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    /** the order a transfer created for the receiver */
    transferredToOrderId: integer('transferred_to_order_id'),
    /** who has been asked to take the order over, and when; it stays the sender's until they accept */
    transferToUserId: optionalLink('transfer_to_user_id', () => users.id, 'set null'),
    transferRequestedAt: at('transfer_requested_at'),
    /** the cash point where it was sold over the counter; null for what players order themselves */
    counterPointId: integer('counter_point_id'),
    ...timestamps(),
    settledAt: at('settled_at'),
  },
  (t) => [
    index('orders_user_idx').on(t.userId),
    index('orders_status_idx').on(t.status),
    index('orders_transfer_to_idx').on(t.transferToUserId).where(sql`${t.transferToUserId} is not null`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: link('order_id', () => orders.id, 'cascade'),
    kind: varchar('kind', { length: 12 }).notNull().$type<'game' | 'product' | 'subscription'>(),
    description: varchar('description', { length: 300 }).notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    productId: optionalLink('product_id', () => products.id, 'set null'),
    subscriptionId: optionalLink('subscription_id', () => subscriptionProducts.id, 'set null'),
    /** game segments: the player, table and minutes billed */
    playerId: integer('player_id'),
    tableId: integer('table_id'),
    minutes: integer('minutes'),
    subscriptionMinutes: integer('subscription_minutes'),
    /** VAT percent of the line and the VAT in øre of what it costs after its share of the discount */
    vatRate: smallint('vat_rate').notNull().default(25),
    vat: bigint('vat', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/** The order timeline: every status change, who made it and how. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: id(),
    orderId: link('order_id', () => orders.id, 'cascade'),
    actorUserId: integer('actor_user_id'),
    fromStatus: varchar('from_status', { length: 12 }).$type<TOrderStatus>(),
    toStatus: varchar('to_status', { length: 12 }).notNull().$type<TOrderStatus>(),
    method: varchar('method', { length: 10 }),
    at: at('at').notNull(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId)],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: link('order_id', () => orders.id),
    provider: varchar('provider', { length: 10 }).notNull().$type<'vipps' | 'physical' | 'system' | 'card'>(),
    /** the provider's reference (Vipps: our unique payment reference; card: the Checkout Session id) */
    reference: varchar('reference', { length: 64 }).notNull(),
    state: varchar('state', { length: 20 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    redirectUrl: text('redirect_url'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('payments_reference_key').on(t.reference), index('payments_order_idx').on(t.orderId)],
);

/** One order line of a return: how many of its units came back and the øre given back for them. */
export interface RefundedLine {
  item_id: number;
  quantity: number;
  gross: number;
}

/**
 * Money given back on an order; `PENDING` until the provider has said what happened (a
 * timeout or a 5xx is no answer), `FAILED` only when it refused.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: link('order_id', () => orders.id),
    method: varchar('method', { length: 10 }).notNull().$type<TPaymentMethod>(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    state: varchar('state', { length: 10 }).notNull().$type<'PENDING' | 'SUCCEEDED' | 'FAILED'>(),
    /** the provider's refund id (Stripe `re_…`) or our idempotency key (Vipps) */
    providerReference: varchar('provider_reference', { length: 100 }),
    actorUserId: integer('actor_user_id'),
    /** while set (and recent), a request or the sweep is asking the provider: no one else asks at the same time */
    askingSince: at('asking_since'),
    /**
     * A return: the order lines that came back, their units and the øre given back for each,
     * kept until the provider confirms and the return is journaled. Null: a price reduction.
     */
    returnLines: jsonb('return_lines').$type<RefundedLine[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_created_idx').on(t.createdAt),
    check('refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Stripe events already applied: each event id once, however often it is delivered. */
export const cardWebhookEvents = pgTable('card_webhook_events', {
  id: varchar('id', { length: 255 }).primaryKey(),
  type: varchar('type', { length: 100 }).notNull(),
  receivedAt: at('received_at').notNull().defaultNow(),
});

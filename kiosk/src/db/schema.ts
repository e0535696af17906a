/**
 * The database of the whole product (the kiosk API is the system of record). Money is
 * integer øre; times are `timestamptz`, always written from the clock module.
 */
import type { TPaymentMethod } from '@club/shared/orders';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => at('created_at').notNull().defaultNow();
const updatedAt = () => at('updated_at').notNull().defaultNow();

// --- people -------------------------------------------------------------------------

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  canPayLater: boolean('can_pay_later').notNull().default(false),
  homePage: varchar('home_page', { length: 200 }),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    surname: varchar('surname', { length: 100 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    /** null until the person chooses one (users created by an admin) */
    passwordHash: text('password_hash'),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    isAdmin: boolean('is_admin').notNull().default(false),
    emailVerifiedAt: at('email_verified_at'),
    locale: varchar('locale', { length: 5 }).notNull().default('nb'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** argon2id of the staff member's counter PIN; null until they choose one */
    pinHash: text('pin_hash'),
    /** a guest without an account, started at the counter by staff: never logs in */
    walkIn: boolean('walk_in').notNull().default(false),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_phone_key').on(t.phone)],
);

/** Login sessions. Only the SHA-256 of the bearer token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    userAgent: varchar('user_agent', { length: 300 }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Single-use links sent by e-mail: verify the address, reset or set a password. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 20 }).notNull().$type<'verify_email' | 'reset_password' | 'set_password'>(),
    /** the address the link was mailed to: it proves that one only */
    email: varchar('email', { length: 255 }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash), index('one_time_tokens_user_idx').on(t.userId)],
);

// --- tables and games ---------------------------------------------------------------

export const poolTables = pgTable(
  'pool_tables',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    capacity: smallint('capacity').notNull(),
    pricePerMinute: integer('price_per_minute').notNull(),
    active: boolean('active').notNull().default(true),
    /** position on the floor plan, 0–100 % of its width and height */
    x: real('x').notNull().default(0),
    y: real('y').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** deleted tables stay for the history of their games */
    deletedAt: at('deleted_at'),
    /** set: the table is out of order (why, for staff and the floor); nobody joins or books it */
    outOfOrderReason: varchar('out_of_order_reason', { length: 200 }),
  },
  (t) => [
    check('pool_tables_capacity_check', sql`${t.capacity} between 1 and 50`),
    check('pool_tables_price_check', sql`${t.pricePerMinute} >= 0`),
  ],
);

export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    tableId: integer('table_id')
      .notNull()
      .references(() => poolTables.id),
    status: varchar('status', { length: 10 }).notNull().$type<'playing' | 'paused' | 'ended'>(),
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
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 100 }).notNull(),
    /** the host player a guest is billed on */
    guestOf: integer('guest_of'),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    /** fixed when the player joins */
    pricePerMinute: integer('price_per_minute').notNull(),
    joinedAt: at('joined_at').notNull(),
    leftAt: at('left_at'),
    status: varchar('status', { length: 10 }).notNull().$type<'joined' | 'left' | 'kicked' | 'switched'>(),
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
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
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
    id: serial('id').primaryKey(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    tableId: integer('table_id').references(() => poolTables.id, { onDelete: 'cascade' }),
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

// --- shop ---------------------------------------------------------------------------

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 150 }).notNull(),
  description: text('description').notNull().default(''),
  image: varchar('image', { length: 300 }),
  price: integer('price').notNull(),
  count: integer('count').notNull().default(0),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /** VAT percent inside the price (25, 15, 12 or 0) */
  vatRate: smallint('vat_rate').notNull().default(25),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const subscriptionProducts = pgTable('subscription_products', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 150 }).notNull(),
  durationHours: integer('duration_hours').notNull(),
  price: integer('price').notNull(),
  active: boolean('active').notNull().default(true),
  /** VAT percent inside the price (25, 15, 12 or 0) */
  vatRate: smallint('vat_rate').notNull().default(25),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id').references(() => subscriptionProducts.id, { onDelete: 'cascade' }),
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
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptionProducts.id),
    name: varchar('name', { length: 150 }).notNull(),
    durationHours: integer('duration_hours').notNull(),
    usedMinutes: integer('used_minutes').notNull().default(0),
    status: varchar('status', { length: 10 }).notNull().$type<'active' | 'paused' | 'expired' | 'deleted'>(),
    orderId: integer('order_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('user_subscriptions_user_idx').on(t.userId)],
);

/** Pauses and resumptions of a user's subscription: billing skips the paused stretches. */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: serial('id').primaryKey(),
    userSubscriptionId: integer('user_subscription_id')
      .notNull()
      .references(() => userSubscriptions.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 12 }).notNull().$type<'paused' | 'unpaused' | 'deleted' | 'expired' | 'added'>(),
    at: at('at').notNull(),
    actorUserId: integer('actor_user_id'),
  },
  (t) => [index('subscription_events_subscription_idx').on(t.userSubscriptionId)],
);

// --- orders and payments ------------------------------------------------------------

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: varchar('kind', { length: 10 }).notNull().$type<'game' | 'shop'>(),
    status: varchar('status', { length: 12 })
      .notNull()
      .$type<'waiting' | 'paid' | 'canceled' | 'deleted' | 'pay_later' | 'transferred' | 'approved' | 'refunded'>(),
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
    transferToUserId: integer('transfer_to_user_id').references(() => users.id, { onDelete: 'set null' }),
    transferRequestedAt: at('transfer_requested_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 12 }).notNull().$type<'game' | 'product' | 'subscription'>(),
    description: varchar('description', { length: 300 }).notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    subscriptionId: integer('subscription_id').references(() => subscriptionProducts.id, { onDelete: 'set null' }),
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
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    actorUserId: integer('actor_user_id'),
    fromStatus: varchar('from_status', { length: 12 }),
    toStatus: varchar('to_status', { length: 12 }).notNull(),
    method: varchar('method', { length: 10 }),
    at: at('at').notNull(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId)],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    provider: varchar('provider', { length: 10 }).notNull().$type<'vipps' | 'physical' | 'system' | 'card'>(),
    /** the provider's reference (Vipps: our unique payment reference; card: the Checkout Session id) */
    reference: varchar('reference', { length: 64 }).notNull(),
    state: varchar('state', { length: 20 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    redirectUrl: text('redirect_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('payments_reference_key').on(t.reference), index('payments_order_idx').on(t.orderId)],
);

/** Money given back on an order; `PENDING` while the provider has not confirmed it. */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    method: varchar('method', { length: 10 }).notNull().$type<TPaymentMethod>(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    state: varchar('state', { length: 10 }).notNull().$type<'PENDING' | 'SUCCEEDED' | 'FAILED'>(),
    /** the provider's refund id (Stripe `re_…`) or our idempotency key (Vipps) */
    providerReference: varchar('provider_reference', { length: 100 }),
    actorUserId: integer('actor_user_id'),
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

// --- discounts and notifications ----------------------------------------------------

export const discounts = pgTable('discounts', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 150 }).notNull(),
  kind: varchar('kind', { length: 10 }).notNull().$type<'percent' | 'fixed'>(),
  value: integer('value').notNull(),
  appliesTo: varchar('applies_to', { length: 15 }).notNull().$type<'table_time' | 'products' | 'subscriptions'>(),
  roleId: integer('role_id').references(() => roles.id, { onDelete: 'cascade' }),
  validFrom: at('valid_from'),
  validTo: at('valid_to'),
  weekdays: smallint('weekdays').array().notNull().default(sql`'{}'::smallint[]`),
  timeFrom: varchar('time_from', { length: 5 }),
  timeTo: varchar('time_to', { length: 5 }),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

export const notifications = pgTable('notifications', {
  id: serial('id').primaryKey(),
  message: text('message').notNull(),
  linkText: varchar('link_text', { length: 100 }),
  url: varchar('url', { length: 500 }),
  audience: varchar('audience', { length: 5 }).notNull().$type<'all' | 'role' | 'user'>(),
  roleId: integer('role_id').references(() => roles.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  startsAt: at('starts_at'),
  endsAt: at('ends_at'),
  createdAt: createdAt(),
});

export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: at('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.userId] })],
);

// --- delivery -----------------------------------------------------------------------

/**
 * Events for the realtime gateway, written in the same transaction as the change they
 * describe. The id is the kiosk's sequence number.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: varchar('type', { length: 50 }).notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    deliveredAt: at('delivered_at'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at'),
  },
  (t) => [index('outbox_undelivered_idx').on(t.id).where(sql`${t.deliveredAt} is null`)],
);

/** E-mails waiting to go out; kept until sent, retried with backoff, so none is lost. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: varchar('to', { length: 255 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull(),
    sentAt: at('sent_at'),
    lastError: text('last_error'),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

// --- cash register (DESIGN §12) -----------------------------------------------------

/** Places where sales are registered; each numbers its journal on its own. */
export const cashPoints = pgTable('cash_points', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  createdAt: createdAt(),
});

/** The RSA keys that sign the journal's sales and returns, by version; created on first start. */
export const cashKeys = pgTable('cash_keys', {
  version: integer('version').primaryKey(),
  privateKey: text('private_key').notNull(),
  publicKey: text('public_key').notNull(),
  createdAt: createdAt(),
});

/**
 * The electronic journal: every registration and event, numbered without gaps per cash
 * point. A trigger makes the database refuse UPDATE, DELETE and TRUNCATE on it.
 */
export const cashJournal = pgTable(
  'cash_journal',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cashPointId: integer('cash_point_id')
      .notNull()
      .references(() => cashPoints.id),
    nr: integer('nr').notNull(),
    /** from the code list PredefinedBasicID-13 (13012 sales receipt, …) */
    eventCode: varchar('event_code', { length: 5 }).notNull(),
    at: at('at').notNull(),
    orderId: integer('order_id'),
    userId: integer('user_id'),
    /** sales and returns: amounts with and without VAT, and the signed date and time */
    amountIn: bigint('amount_in', { mode: 'number' }),
    amountEx: bigint('amount_ex', { mode: 'number' }),
    transDate: varchar('trans_date', { length: 10 }),
    transTime: varchar('trans_time', { length: 8 }),
    signature: text('signature'),
    keyVersion: integer('key_version'),
    detail: jsonb('detail').notNull().default({}),
  },
  (t) => [unique('cash_journal_point_nr_key').on(t.cashPointId, t.nr), index('cash_journal_order_idx').on(t.orderId)],
);

/** Who is signed in at a cash point on a counter device (its login session), until they sign out or idle. */
export const cashOperatorSessions = pgTable(
  'cash_operator_sessions',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    cashPointId: integer('cash_point_id')
      .notNull()
      .references(() => cashPoints.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signedInAt: at('signed_in_at').notNull(),
    lastActiveAt: at('last_active_at').notNull(),
    signedOutAt: at('signed_out_at'),
  },
  (t) => [
    uniqueIndex('cash_operator_sessions_one_per_device').on(t.sessionId).where(sql`${t.signedOutAt} is null`),
    uniqueIndex('cash_operator_sessions_one_per_operator').on(t.userId).where(sql`${t.signedOutAt} is null`),
  ],
);

/** How many times an order's receipt was printed: the first is the original, the rest copies. */
export const receiptPrints = pgTable('receipt_prints', {
  orderId: integer('order_id').primaryKey(),
  count: integer('count').notNull(),
});

/** How many times a return receipt was printed, by its journal entry: the first is the original. */
export const returnReceiptPrints = pgTable('return_receipt_prints', {
  journalId: bigint('journal_id', { mode: 'number' })
    .primaryKey()
    .references(() => cashJournal.id),
  count: integer('count').notNull(),
});
// --- reservations (DESIGN §13) ---------------------------------------------------------

/**
 * Bookings and event blocks of tables. No two live ones (`booked`, `claimed`) overlap on a
 * table: the migration adds an exclusion constraint over (table, time range) that Drizzle
 * cannot declare, so two concurrent bookings cannot both commit.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    tableId: integer('table_id')
      .notNull()
      .references(() => poolTables.id),
    kind: varchar('kind', { length: 10 }).notNull().$type<'booking' | 'block'>(),
    status: varchar('status', { length: 10 })
      .notNull()
      .$type<'booked' | 'claimed' | 'canceled' | 'no_show' | 'ended'>(),
    /** the holder; null for a phone caller's booking or an event block */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 120 }).notNull(),
    partySize: smallint('party_size').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    note: varchar('note', { length: 300 }).notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
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

// --- waitlist and Web Push (DESIGN §13) ---------------------------------------------

/**
 * Parties waiting for a table, in `position` order. An `offered` entry holds its table until
 * `offer_expires_at`; the database keeps one open entry per person and one offer per table.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    /** null for a walk-in staff added by name */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    partySize: smallint('party_size').notNull(),
    /** line order; staff moving a party swaps two positions */
    position: doublePrecision('position').notNull(),
    status: varchar('status', { length: 10 })
      .notNull()
      .$type<'waiting' | 'offered' | 'seated' | 'left' | 'expired' | 'removed'>(),
    createdAt: createdAt(),
    offeredTableId: integer('offered_table_id').references(() => poolTables.id),
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
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: varchar('p256dh', { length: 200 }).notNull(),
    auth: varchar('auth', { length: 64 }).notNull(),
    createdAt: createdAt(),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/** The database: cash register (DESIGN §12). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id, link } from './columns.ts';
import { sessions, users } from './people.ts';

/** Places where sales are registered; each numbers its journal on its own. */
export const cashPoints = pgTable('cash_points', {
  id: id(),
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
    cashPointId: link('cash_point_id', () => cashPoints.id),
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
    id: id(),
    sessionId: link('session_id', () => sessions.id, 'cascade'),
    cashPointId: link('cash_point_id', () => cashPoints.id),
    userId: link('user_id', () => users.id, 'cascade'),
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

/** The database: delivery. */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.ts';

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
    id: id(),
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

/** The database: people. */
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt, id, link, timestamps } from './columns.ts';

export const roles = pgTable(
  'roles',
  {
    id: id(),
    name: varchar('name', { length: 100 }).notNull(),
    canPayLater: boolean('can_pay_later').notNull().default(false),
    homePage: varchar('home_page', { length: 200 }),
    createdAt: createdAt(),
  },
  // nameKey's rule (@club/shared/validation): two roles by one name cannot be told apart in prices,
  // discounts or a notice's audience
  (t) => [uniqueIndex('roles_name_key').on(sql`lower(regexp_replace(${t.name}, '\\s+', ' ', 'g'))`)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    name: varchar('name', { length: 100 }).notNull(),
    surname: varchar('surname', { length: 100 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    /** null until the person chooses one (users created by an admin) */
    passwordHash: text('password_hash'),
    roleId: link('role_id', () => roles.id),
    isAdmin: boolean('is_admin').notNull().default(false),
    emailVerifiedAt: at('email_verified_at'),
    locale: varchar('locale', { length: 5 }).notNull().default('nb'),
    ...timestamps(),
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
    id: id(),
    userId: link('user_id', () => users.id, 'cascade'),
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
    id: id(),
    userId: link('user_id', () => users.id, 'cascade'),
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

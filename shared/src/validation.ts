import type { ZodError } from 'zod';
import { z } from './zod.ts';

export const VALIDATION_KEYS = [
  'validation.required',
  'validation.invalid',
  'validation.email',
  'validation.url',
  'validation.number',
  'validation.min',
  'validation.max',
  'validation.phone',
  'validation.password_min',
  'validation.passwords_do_not_match',
  'validation.unknown_field',
  'validation.taken',
  'validation.password_too_common',
  'validation.text_nul',
  'validation.text',
  'validation.organisation_number',
  'validation.pin',
  // reservations (DESIGN §13)
  'validation.in_past',
  'validation.opening_hours',
  // Web Push (DESIGN §13)
  'validation.push_service',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

export type FieldErrors = Record<string, string>;

/** One rule key per field (the first one found), as the API answers in `errors`. */
export function fieldErrors(error: ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    if (!(field in out)) out[field] = issue.message;
  }
  return out;
}

/** OWASP ASVS 5.0 §6.2.1: at least this many characters. */
export const PASSWORD_MIN = 10;

/** Text without NUL bytes, which PostgreSQL cannot store. */
export const hasNoNul = (value: string) => !value.includes('\u0000');

/**
 * What any text in a request may hold, one rule for every field: no NUL (PostgreSQL cannot
 * store it), no lone surrogate (not Unicode: UTF-8 cannot carry it and jsonb refuses it), no
 * control character but tab and line breaks, and no bidi embedding, override or isolate
 * control, which make a note, a name or a receipt line read otherwise than it is stored
 * ("Trojan Source"). Quotes, emoji and every script are text like any other. With the `u`
 * flag a surrogate pair is one character, so only a lone half falls in the class.
 */
export const TEXT_PATTERN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the rule is which control characters text may not hold
  /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]*$/u;

/** Half of a surrogate pair on its own: no text can hold it (checked in any JSON, schema or not). */
export const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * The base of every text field of a request (`TEXT_PATTERN`: `validation.text`, or
 * `validation.text_nul` for a NUL). Build fields on it (`zString().trim().max(200)`), never on
 * `z.string()`: the route walk (kiosk/tests/text-fields.test.ts) finds a request text field
 * whose pattern lets such characters through. Secrets (passwords) are taken as typed; text
 * that is shown is normalised too (`zText`, `zNote`).
 */
export const zString = () =>
  z.string().regex(TEXT_PATTERN, {
    error: (issue) => (String(issue.input).includes('\u0000') ? 'validation.text_nul' : 'validation.text'),
  });

/** Text people read, trimmed and in NFC, so that one name typed two ways is one name. */
const zShownText = () => zString().trim().normalize('NFC');

/**
 * Names people tell apart (tables, roles) that differ only in case or in runs of spaces are one
 * name (a name is trimmed already). The database's unique indexes on names hold the same rule.
 */
export const nameKey = (name: string) => name.replace(/\s+/g, ' ').toLowerCase();

/** Required text; empty after trimming counts as missing. */
export const zText = (max = 255) => zShownText().min(1).max(max);

/** Optional text; missing reads as empty (notes, descriptions). */
export const zNote = (max = 255) => zShownText().max(max).default('');

/**
 * The most any single price may be, in øre (1 000 000 kr). Sums of prices (order lines and
 * totals, payments, reports) are stored in 64-bit columns, so a full cart of the dearest
 * things still adds up to the øre.
 */
export const MAX_PRICE = 100_000_000;

/** A price or amount in øre: a whole number from 0 to MAX_PRICE, also when sent as text. */
export const zMoney = () => zInt(z.number().int().min(0).max(MAX_PRICE));

export const zEmail = () => zString().trim().toLowerCase().pipe(z.email().max(255));

/**
 * Phone numbers are stored normalised (`+4791234567`) so that uniqueness holds however a
 * person types them. Eight digits are taken as Norwegian.
 */
export function normalisePhone(raw: string): string | null {
  const compact = raw.replace(/[\s\-().]/g, '');
  if (/^\d{8}$/.test(compact)) return `+47${compact}`;
  if (/^00\d{8,15}$/.test(compact)) return `+${compact.slice(2)}`;
  if (/^\+\d{8,15}$/.test(compact)) return compact;
  return null;
}

export const zPhone = () =>
  zString()
    .trim()
    .min(1)
    .transform((value, ctx) => {
      const phone = normalisePhone(value);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message: 'validation.phone' });
        return z.NEVER;
      }
      return phone;
    });

export const zPassword = () => zString().min(1).min(PASSWORD_MIN, { message: 'validation.password_min' }).max(200);

/** A password typed to prove who one is (log-in, the current one): any length the rules ever allowed. */
export const zPasswordTyped = () => zString().min(1).max(200);

/** Adds the 'passwords do not match' rule on `password_confirmation`. */
export function withConfirmation<T extends { password: string; password_confirmation: string }>(schema: z.ZodType<T>) {
  return schema.refine((v) => v.password === v.password_confirmation, {
    message: 'validation.passwords_do_not_match',
    path: ['password_confirmation'],
  });
}

/**
 * A whole number that may arrive as text (paths, queries, forms). Unlike `z.coerce`, a
 * missing value stays missing, so it reads as 'required' rather than 'not a number'.
 */
export function zInt<S extends z.ZodNumber>(inner: S) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), inner);
}

/** The largest id a PostgreSQL `integer` column holds; a larger one can name nothing. */
export const MAX_ID = 2_147_483_647;

/** An id in a path or body: a positive integer that fits the database's id columns. */
export const zId = () => zInt(z.number().int().positive().max(MAX_ID));

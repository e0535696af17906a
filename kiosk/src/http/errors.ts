import type { ErrorReports } from '@club/shared/error-reports';
import { AppError } from '@club/shared/errors';
import { fieldErrors } from '@club/shared/validation';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import type { Logger } from '../logger.ts';
import { failureBody } from './respond.ts';

/**
 * Errors from the database driver that mean 'the database is not there right now': refused
 * or dropped connections, an administrator's shutdown (57P01), a server starting or
 * stopping (57P03), connection failures (08xxx).
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
/** The same from node-postgres and PGlite, which say it only in words. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|terminating connection|Client has encountered a connection error|timeout exceeded when trying to connect|the database system is (shutting down|starting up|in recovery mode)|PGlite is closed/i;

/**
 * Whether an error, or any error it wraps, says the database is unreachable. Drizzle wraps
 * the driver's error (DrizzleQueryError, `.cause`), and Node wraps refused connections to
 * several addresses in an AggregateError (`.errors`).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  // a wrapped query's message holds its parameters (user input): only the driver's own words count
  if (typeof message === 'string' && !message.startsWith('Failed query:') && UNAVAILABLE_MESSAGES.test(message))
    return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** The SQLSTATE and detail of a database error, through Drizzle's wrapping (`.cause`). */
function databaseError(error: unknown, depth = 0): { code: string; detail: string } | undefined {
  if (depth > 5 || typeof error !== 'object' || error === null) return undefined;
  const { code, detail, cause } = error as { code?: unknown; detail?: unknown; cause?: unknown };
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, detail: String(detail ?? '') };
  return databaseError(cause, depth + 1);
}

/**
 * The last line behind the schemas' own checks: input the database refuses is the caller's
 * mistake, a 4xx, never a 500. A reference to a row that does not exist (23503 on insert or
 * update) is 'not found'; text it cannot store (NUL: 22021, 22P05) and numbers beyond its
 * columns (22003) are invalid input.
 */
function refusedInput(error: unknown): AppError | undefined {
  const db = databaseError(error);
  if (!db) return undefined;
  if (db.code === '23503' && db.detail.includes('is not present')) {
    const column = /^Key \((\w+)\)/.exec(db.detail)?.[1];
    return new AppError('error.not_found', column ? { fields: { [column]: 'validation.invalid' } } : {});
  }
  if (db.code === '22021' || db.code === '22P05')
    return new AppError('error.validation_failed', { fields: { _: 'validation.text_nul' } });
  if (db.code === '22003') return new AppError('error.validation_failed', { fields: { _: 'validation.max' } });
  return undefined;
}

export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof HTTPException) {
    if (error.status === 413) return new AppError('error.payload_too_large');
    if (error.status === 401) return new AppError('error.auth_required');
    if (error.status < 500) return new AppError('error.validation_failed', { fields: { _: 'validation.invalid' } });
  }
  if (isDatabaseUnavailable(error)) return new AppError('error.service_unavailable');
  return refusedInput(error);
}

/**
 * The one place where anything thrown becomes an answer. Unexpected errors say nothing to the
 * caller and are reported (Sentry, when SENTRY_DSN is set); a catalogue error is an answer, not
 * a fault, and is not.
 */
export function onError(logger: Logger, reports: ErrorReports) {
  return (error: unknown, c: Context) => {
    const known = toAppError(error);
    if (known) {
      // an outage answers every request with 503: one short line each, not a stack
      if (known.key === 'error.service_unavailable')
        logger.warn({ path: c.req.path, err: String(error) }, 'database unavailable');
      else if (known.status >= 500) logger.error({ err: error, path: c.req.path }, 'request failed');
      return c.json(failureBody(known), known.status as ContentfulStatusCode);
    }
    logger.error({ err: error, method: c.req.method, path: c.req.path }, 'unexpected error');
    reports.report(error, { method: c.req.method, path: c.req.path });
    const internal = new AppError('error.internal');
    return c.json(failureBody(internal), 500);
  };
}

export function notFound(c: Context) {
  return c.json(failureBody(new AppError('error.not_found')), 404);
}

/** A failed zod check at the boundary: 422 with one rule per field. */
export function validationError(error: ZodError): AppError {
  const fields = fieldErrors(error);
  const rules = Object.values(fields);
  const onlyMismatch = rules.length > 0 && rules.every((r) => r === 'validation.passwords_do_not_match');
  return new AppError(onlyMismatch ? 'error.passwords_do_not_match' : 'error.validation_failed', { fields });
}

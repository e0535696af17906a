import { AppError } from '@club/shared/errors';
import { fieldErrors } from '@club/shared/validation';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import type { Logger } from '../logger.ts';
import { failureBody } from './respond.ts';

/** Errors from the database driver that mean 'the database is not there right now'. */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001', '08003']);

function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof HTTPException) {
    if (error.status === 413) return new AppError('error.payload_too_large');
    if (error.status === 401) return new AppError('error.auth_required');
    if (error.status < 500) return new AppError('error.validation_failed', { fields: { _: 'validation.invalid' } });
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return new AppError('error.service_unavailable');
  return undefined;
}

/** The one place where anything thrown becomes an answer. Unexpected errors say nothing. */
export function onError(logger: Logger) {
  return (error: unknown, c: Context) => {
    const known = toAppError(error);
    if (known) {
      if (known.status >= 500) logger.error({ err: error, path: c.req.path }, 'request failed');
      return c.json(failureBody(known), known.status as ContentfulStatusCode);
    }
    logger.error({ err: error, method: c.req.method, path: c.req.path }, 'unexpected error');
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

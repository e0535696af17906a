import { ZFailure } from '@club/shared/api';
import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { requireAdmin, requireUser } from './auth.ts';
import type { AppEnv } from './context.ts';
import { requireVerified } from './require-verified.ts';

/** Route parts for `createRoute`, so each route reads as what it takes and answers. */
export function jsonBody<S extends z.ZodType>(schema: S) {
  return { body: { content: { 'application/json': { schema } }, required: true } } as const;
}

const failure = (description: string) => ({ content: { 'application/json': { schema: ZFailure } }, description });

export function answers<S extends z.ZodType>(schema: S, description = 'Success') {
  return {
    200: { content: { 'application/json': { schema } }, description },
    400: failure('Refused: `message` names the reason (an error key)'),
    401: failure('`error.auth_required` or `error.invalid_credentials`'),
    403: failure('`error.forbidden`'),
    404: failure('Not found'),
    409: failure('Conflict with the current state'),
    422: failure('`error.validation_failed` with `errors: { field: "validation.<rule>" }`'),
    429: failure('`error.rate_limited`'),
  } as const;
}

type Security = { [scheme: string]: string[] }[];
type Guard = MiddlewareHandler<AppEnv>[];
/** `gateway`: only the realtime gateway, with the shared GATEWAY_SECRET */
export type Access = 'public' | 'user' | 'admin' | 'gateway';
/** an API client's bearer header, or a browser's session cookie */
const loggedIn = (): Security => [{ bearer: [] }, { cookie: [] }];

/**
 * Who may call a route: spread into `createRoute`. The middleware enforces it, and
 * `x-access` writes it into the OpenAPI document, from which the authorization walk test
 * is generated — so no route can be added without a declared access.
 */
export const access: {
  public: { security: Security; 'x-access': Access };
  user: { security: Security; middleware: Guard; 'x-access': Access };
  admin: { security: Security; middleware: Guard; 'x-access': Access };
} = {
  public: { security: [], 'x-access': 'public' },
  user: { security: loggedIn(), middleware: [requireUser], 'x-access': 'user' },
  admin: { security: loggedIn(), middleware: [requireAdmin], 'x-access': 'admin' },
};

/**
 * A user call that also needs a verified e-mail address (403 `error.email_not_verified`);
 * `x-verified` marks it in the OpenAPI document, from which the walk test checks it.
 */
export function verifiedUser(db: Db): {
  security: Security;
  middleware: Guard;
  'x-access': Access;
  'x-verified': true;
} {
  return { ...access.user, middleware: [requireUser, requireVerified(db)], 'x-verified': true };
}

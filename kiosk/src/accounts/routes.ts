import { one, ZOk } from '@club/shared/api';
import {
  ZChangePasswordBody,
  ZLoginBody,
  ZRegisterBody,
  ZResetPasswordBody,
  ZResetPasswordContinueBody,
  ZTokenBody,
  ZUser,
} from '@club/shared/users';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv, Deps } from '../http/context.ts';
import { defineRoute } from '../http/define-route.ts';
import { authRateLimit, type RateKey } from '../http/rate-limit.ts';
import { clearSessionCookies, setSessionCookies } from '../http/session-cookie.ts';
import { withEvents } from '../outbox/with-events.ts';
import { toUser } from '../users/to-user.ts';
import { logIn } from './log-in.ts';
import { DEFAULT_ROLE_ID, registerUser } from './register-user.ts';
import { changePassword, completePasswordReset, requestPasswordReset } from './reset-password.ts';
import { revokeSession } from './sessions.ts';
import { resendVerification, verifyEmail } from './verify-email.ts';

const tags = ['auth'];
const ZUserAnswer = one('user', ZUser);
/** `token` only for an API client: a browser gets it as the HttpOnly cookie (DESIGN §4). */
const ZLoginAnswer = one('user', ZUser).extend({ token: z.string().optional() });

/** DESIGN §4 auth calls: register, login, logout, verification, password reset and change. */
export function accountRoutes(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  const limit = (name: string, by: RateKey = 'address', failuresOnly = false) =>
    authRateLimit({
      name,
      by,
      failuresOnly,
      limit: deps.config.AUTH_RATE_LIMIT,
      windowMs: deps.config.AUTH_RATE_WINDOW_MS,
      trustProxy: deps.config.TRUST_PROXY,
    });

  defineRoute(app, {
    method: 'post',
    path: '/v1/auth/register',
    tags,
    summary: 'Create an account; a verification link is e-mailed',
    access: 'public',
    middleware: [limit('register')],
    body: ZRegisterBody,
    answer: ZUserAnswer,
    handler: async ({ body }) => {
      const user = await registerUser(deps, { ...body, roleId: DEFAULT_ROLE_ID });
      return { user: toUser(user) };
    },
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/auth/login',
    tags,
    summary:
      'Log in for one day: a browser (a request with an `Origin`) gets the HttpOnly `token` cookie, an API client the `token` to send as a bearer header',
    access: 'public',
    middleware: [limit('login-account', 'email', true), limit('login', 'address-email'), limit('login-address')],
    body: ZLoginBody,
    answer: ZLoginAnswer,
    handler: async ({ c, body }) => {
      const { token, user } = await logIn(deps, { ...body, userAgent: c.req.header('user-agent') });
      // every browser sends `Origin` on a POST, and no page can take it off: what a page's
      // script gets back never holds the token
      if (c.req.header('origin') === undefined) return { token, user: toUser(user) };
      setSessionCookies(c, deps.config, token);
      return { user: toUser(user) };
    },
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/auth/logout',
    tags,
    summary: 'End this session (and clear its cookie)',
    access: 'user',
    answer: ZOk,
    handler: async ({ c, me }) => {
      await withEvents(deps.db, (tx, emit) => revokeSession(tx, emit, me.sessionId));
      clearSessionCookies(c, deps.config, { loggedIn: true });
      return {};
    },
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/auth/verify/send',
    tags,
    summary: 'E-mail a new verification link',
    access: 'user',
    middleware: [limit('verify-send')],
    answer: ZOk.extend({ sent: z.boolean() }),
    handler: async ({ me }) => {
      const { sent } = await resendVerification(deps, me.userId);
      return { sent };
    },
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/auth/verify',
    tags,
    summary: 'Confirm the e-mail address with the token from the link',
    access: 'public',
    middleware: [limit('verify')],
    body: ZTokenBody,
    answer: ZUserAnswer,
    handler: async ({ body }) => {
      const user = await verifyEmail(deps, body.token);
      return { user: toUser(user) };
    },
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/auth/reset-password',
    tags,
    summary: 'E-mail a password reset link (always answers success)',
    access: 'public',
    middleware: [limit('reset', 'address-email'), limit('reset-address')],
    body: ZResetPasswordBody,
    answer: ZOk,
    handler: async ({ body }) => {
      await requestPasswordReset(deps, body.email);
      return {};
    },
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/auth/reset-password/continue',
    tags,
    summary: 'Choose a new password with the token from the link',
    access: 'public',
    middleware: [limit('reset-continue')],
    body: ZResetPasswordContinueBody,
    answer: ZOk,
    handler: async ({ body }) => {
      await completePasswordReset(deps, body);
      return {};
    },
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/user/change-password',
    tags,
    summary: 'Change the password; other sessions end',
    access: 'user',
    middleware: [limit('change-password', 'user', true)],
    body: ZChangePasswordBody,
    answer: ZOk,
    handler: async ({ body, me }) => {
      const { userId, sessionId } = me;
      await changePassword(deps, { userId, sessionId, current: body.current_password, password: body.password });
      return {};
    },
  });
}

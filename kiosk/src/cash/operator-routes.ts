import { one, ZIdParam, ZOk } from '@club/shared/api';
import {
  ZCashPoint,
  ZCashPointBody,
  ZCounterOperator,
  ZOperatorCandidate,
  ZOperatorLoginBody,
  ZSetPinBody,
  ZSetStaffPinBody,
} from '@club/shared/cash-operators';
import { z } from '@club/shared/zod';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../http/context.ts';
import { defineRoute } from '../http/define-route.ts';
import { authRateLimit, type RateKey } from '../http/rate-limit.ts';
import { createCashPoint, listCashPoints, renameCashPoint } from './cash-points.ts';
import { choosePin } from './choose-pin.ts';
import { operatorCandidates } from './operator-pins.ts';
import { currentOperator, operatorLogIn, operatorLogOut } from './operator-sessions.ts';

const tags = ['cash register'];
const ZOperatorAnswer = ZOk.extend({ operator: ZCounterOperator.nullable() });

/** DESIGN §12: cash points, staff PINs and who is signed in at a counter device. */
export function operatorRoutes(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  const { db, config } = deps;
  const limit = (name: string, by: RateKey) =>
    authRateLimit({
      name,
      by,
      failuresOnly: true,
      limit: config.AUTH_RATE_LIMIT,
      windowMs: config.AUTH_RATE_WINDOW_MS,
      trustProxy: config.TRUST_PROXY,
    });

  defineRoute(app, {
    method: 'get',
    path: '/v1/cash/points',
    tags,
    summary: 'The cash points (admin)',
    access: 'admin',
    answer: one('cash_points', z.array(ZCashPoint)),
    handler: async () => ({ cash_points: await listCashPoints(db) }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/cash/points',
    tags,
    summary: 'Add a cash point; its journal numbers from 1 (admin)',
    access: 'admin',
    body: ZCashPointBody,
    answer: one('cash_point', ZCashPoint),
    handler: async ({ body }) => ({ cash_point: await createCashPoint(db, body.name) }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/cash/points/{id}',
    tags,
    summary: 'Rename a cash point (admin)',
    access: 'admin',
    params: ZIdParam,
    body: ZCashPointBody,
    answer: one('cash_point', ZCashPoint),
    handler: async ({ body, params }) => ({ cash_point: await renameCashPoint(db, params.id, body.name) }),
  });
  defineRoute(app, {
    method: 'get',
    path: '/v1/cash/operators',
    tags,
    summary: 'Staff who may sign in at the counter, and whether each has a PIN (admin)',
    access: 'admin',
    answer: one('operators', z.array(ZOperatorCandidate)),
    handler: async () => ({ operators: await operatorCandidates(db) }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/cash/operators/{id}/pin',
    tags,
    summary:
      'Set another staff member’s counter PIN with one’s own password again; journaled, and they are told in the app and by e-mail (admin)',
    access: 'admin',
    middleware: [limit('pin-reset', 'user')],
    params: ZIdParam,
    body: ZSetStaffPinBody,
    answer: ZOk,
    handler: async ({ body, params, me }) => {
      const { pin, password } = body;
      await choosePin(deps, me, { userId: params.id, pin, password });
      return {};
    },
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/cash/operator/pin',
    tags,
    summary: 'Choose my own counter PIN; journaled (staff)',
    access: 'admin',
    body: ZSetPinBody,
    answer: ZOk,
    handler: async ({ body, me }) => {
      await choosePin(deps, me, { userId: me.userId, pin: body.pin });
      return {};
    },
  });
  defineRoute(app, {
    method: 'get',
    path: '/v1/cash/operator',
    tags,
    summary:
      'Who is signed in at this device’s counter; an idle operator is signed out now, and asking is not activity (staff)',
    access: 'admin',
    answer: ZOperatorAnswer,
    handler: async ({ me }) => ({
      operator: await db.transaction((tx) => currentOperator(tx, me, { touch: false })),
    }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/cash/operator/login',
    tags,
    summary: 'Sign in at a cash point with a PIN, switching from whoever was signed in here (staff)',
    access: 'admin',
    middleware: [limit('pin-operator', 'operator'), limit('pin-device', 'user')],
    body: ZOperatorLoginBody,
    answer: ZOk.extend({ operator: ZCounterOperator }),
    handler: async ({ body, me }) => ({ operator: await operatorLogIn(db, me, body) }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/cash/operator/logout',
    tags,
    summary: 'Sign the operator out of this device’s counter (staff)',
    access: 'admin',
    answer: ZOk,
    handler: async ({ me }) => {
      await operatorLogOut(db, me);
      return {};
    },
  });
}

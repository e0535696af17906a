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
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { caller } from '../http/auth.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers, jsonBody } from '../http/openapi.ts';
import { authRateLimit, type RateKey } from '../http/rate-limit.ts';
import { ok } from '../http/respond.ts';
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

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/cash/points',
      tags,
      summary: 'The cash points (admin)',
      ...access.admin,
      responses: answers(one('cash_points', z.array(ZCashPoint))),
    }),
    async (c) => c.json(ok({ cash_points: await listCashPoints(db) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/cash/points',
      tags,
      summary: 'Add a cash point; its journal numbers from 1 (admin)',
      ...access.admin,
      request: jsonBody(ZCashPointBody),
      responses: answers(one('cash_point', ZCashPoint)),
    }),
    async (c) => c.json(ok({ cash_point: await createCashPoint(db, c.req.valid('json').name) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/cash/points/{id}',
      tags,
      summary: 'Rename a cash point (admin)',
      ...access.admin,
      request: { params: ZIdParam, ...jsonBody(ZCashPointBody) },
      responses: answers(one('cash_point', ZCashPoint)),
    }),
    async (c) =>
      c.json(ok({ cash_point: await renameCashPoint(db, c.req.valid('param').id, c.req.valid('json').name) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/cash/operators',
      tags,
      summary: 'Staff who may sign in at the counter, and whether each has a PIN (admin)',
      ...access.admin,
      responses: answers(one('operators', z.array(ZOperatorCandidate))),
    }),
    async (c) => c.json(ok({ operators: await operatorCandidates(db) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/cash/operators/{id}/pin',
      tags,
      summary:
        'Set another staff member’s counter PIN with one’s own password again; journaled, and they are told in the app and by e-mail (admin)',
      ...access.admin,
      middleware: [...access.admin.middleware, limit('pin-reset', 'user')],
      request: { params: ZIdParam, ...jsonBody(ZSetStaffPinBody) },
      responses: answers(ZOk),
    }),
    async (c) => {
      const { pin, password } = c.req.valid('json');
      await choosePin(deps, caller(c), { userId: c.req.valid('param').id, pin, password });
      return c.json(ok(), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/cash/operator/pin',
      tags,
      summary: 'Choose my own counter PIN; journaled (staff)',
      ...access.admin,
      request: jsonBody(ZSetPinBody),
      responses: answers(ZOk),
    }),
    async (c) => {
      await choosePin(deps, caller(c), { userId: caller(c).userId, pin: c.req.valid('json').pin });
      return c.json(ok(), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/cash/operator',
      tags,
      summary: 'Who is signed in at this device’s counter; an idle operator is signed out now (staff)',
      ...access.admin,
      responses: answers(ZOperatorAnswer),
    }),
    async (c) => c.json(ok({ operator: await db.transaction((tx) => currentOperator(tx, caller(c))) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/cash/operator/login',
      tags,
      summary: 'Sign in at a cash point with a PIN, switching from whoever was signed in here (staff)',
      ...access.admin,
      middleware: [...access.admin.middleware, limit('pin-operator', 'operator'), limit('pin-device', 'user')],
      request: jsonBody(ZOperatorLoginBody),
      responses: answers(ZOk.extend({ operator: ZCounterOperator })),
    }),
    async (c) => c.json(ok({ operator: await operatorLogIn(db, caller(c), c.req.valid('json')) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/cash/operator/logout',
      tags,
      summary: 'Sign the operator out of this device’s counter (staff)',
      ...access.admin,
      responses: answers(ZOk),
    }),
    async (c) => {
      await operatorLogOut(db, caller(c));
      return c.json(ok(), 200);
    },
  );
}

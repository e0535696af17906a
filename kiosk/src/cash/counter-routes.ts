import { list, one, ZOk } from '@club/shared/api';
import {
  ZCounterCancelBody,
  ZCounterOrderBody,
  ZCounterPayBody,
  ZUnpaidWalkIn,
  ZWalkIn,
  ZWalkInBody,
} from '@club/shared/cash-operators';
import { ZOrder } from '@club/shared/orders';
import { z } from '@club/shared/zod';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { caller } from '../http/auth.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers, jsonBody } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { toOrder, toOrders } from '../orders/to-order.ts';
import { cancelCounterSale, createCounterOrder, openCounterSales, payAtCounter } from './counter-orders.ts';
import { requireOperator } from './operator-sessions.ts';
import { playingWalkIns, startWalkIn, unpaidWalkInOrders } from './walk-ins.ts';

const tags = ['cash register'];
const ZWalkInsAnswer = ZOk.extend({ playing: z.array(ZWalkIn), unpaid: z.array(ZUnpaidWalkIn) });

/** The counter: walk-in guests, kiosk items sold over the counter and payment at the till. */
export function counterRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
  const single = (row: Parameters<typeof toOrder>[1]) => toOrder(db, row);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/cash/walk-ins',
      tags,
      summary: 'Walk-in guests at the tables now, and their bills still to pay (staff)',
      ...access.admin,
      responses: answers(ZWalkInsAnswer),
    }),
    async (c) => c.json(ok({ playing: await playingWalkIns(db), unpaid: await unpaidWalkInOrders(db) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/cash/walk-ins',
      tags,
      summary: 'Start a table for a guest without an account; billed like any player (signed-in operator)',
      ...access.admin,
      request: jsonBody(ZWalkInBody),
      responses: answers(ZWalkInsAnswer),
    }),
    async (c) => {
      await requireOperator(db, caller(c));
      await startWalkIn(db, c.req.valid('json'));
      return c.json(ok({ playing: await playingWalkIns(db), unpaid: await unpaidWalkInOrders(db) }), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/cash/counter/order',
      tags,
      summary: 'Sell kiosk items over the counter: a waiting order to pay at the till (signed-in operator)',
      ...access.admin,
      request: jsonBody(ZCounterOrderBody),
      responses: answers(one('order', ZOrder)),
    }),
    async (c) => {
      const operator = await requireOperator(db, caller(c));
      return c.json(ok({ order: await single(await createCounterOrder(db, operator, c.req.valid('json'))) }), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/cash/counter/open',
      tags,
      summary: 'Counter sales still waiting for payment, latest first (staff)',
      ...access.admin,
      responses: answers(list(ZOrder)),
    }),
    async (c) => c.json(ok({ data: await toOrders(db, await openCounterSales(db)) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/cash/counter/cancel',
      tags,
      summary: 'Cancel an unpaid counter sale; its items go back in stock (signed-in operator)',
      ...access.admin,
      request: jsonBody(ZCounterCancelBody),
      responses: answers(one('order', ZOrder)),
    }),
    async (c) => {
      const operator = await requireOperator(db, caller(c));
      return c.json(ok({ order: await single(await cancelCounterSale(db, operator, c.req.valid('json'))) }), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/cash/counter/pay',
      tags,
      summary: 'Paid at the till by card or Vipps: a sale in the operator’s name (signed-in operator)',
      ...access.admin,
      request: jsonBody(ZCounterPayBody),
      responses: answers(one('order', ZOrder)),
    }),
    async (c) => {
      const operator = await requireOperator(db, caller(c));
      return c.json(ok({ order: await single(await payAtCounter(db, operator, c.req.valid('json'))) }), 200);
    },
  );
}

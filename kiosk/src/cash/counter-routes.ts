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
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../http/context.ts';
import { defineRoute } from '../http/define-route.ts';
import { toOrder, toOrders } from '../orders/to-order.ts';
import { cancelCounterSale, createCounterOrder, openCounterSales, payAtCounter } from './counter-orders.ts';
import { requireOperator } from './operator-sessions.ts';
import { playingWalkIns, startWalkIn, unpaidWalkInOrders } from './walk-ins.ts';

const tags = ['cash register'];
const ZWalkInsAnswer = ZOk.extend({ playing: z.array(ZWalkIn), unpaid: z.array(ZUnpaidWalkIn) });

/** The counter: walk-in guests, kiosk items sold over the counter and payment at the till. */
export function counterRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
  const single = (row: Parameters<typeof toOrder>[1]) => toOrder(db, row);

  defineRoute(app, {
    method: 'get',
    path: '/v1/cash/walk-ins',
    tags,
    summary: 'Walk-in guests at the tables now, and their bills still to pay (staff)',
    access: 'admin',
    answer: ZWalkInsAnswer,
    handler: async () => ({ playing: await playingWalkIns(db), unpaid: await unpaidWalkInOrders(db) }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/cash/walk-ins',
    tags,
    summary: 'Start a table for a guest without an account; billed like any player (signed-in operator)',
    access: 'admin',
    body: ZWalkInBody,
    answer: ZWalkInsAnswer,
    handler: async ({ body, me }) => {
      await requireOperator(db, me);
      await startWalkIn(db, body);
      return { playing: await playingWalkIns(db), unpaid: await unpaidWalkInOrders(db) };
    },
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/cash/counter/order',
    tags,
    summary: 'Sell kiosk items over the counter: a waiting order to pay at the till (signed-in operator)',
    access: 'admin',
    body: ZCounterOrderBody,
    answer: one('order', ZOrder),
    handler: async ({ body, me }) => {
      const operator = await requireOperator(db, me);
      return { order: await single(await createCounterOrder(db, operator, body)) };
    },
  });
  defineRoute(app, {
    method: 'get',
    path: '/v1/cash/counter/open',
    tags,
    summary: 'Counter sales still waiting for payment, latest first (staff)',
    access: 'admin',
    answer: list(ZOrder),
    handler: async () => ({ data: await toOrders(db, await openCounterSales(db)) }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/cash/counter/cancel',
    tags,
    summary: 'Cancel an unpaid counter sale; its items go back in stock (signed-in operator)',
    access: 'admin',
    body: ZCounterCancelBody,
    answer: one('order', ZOrder),
    handler: async ({ body, me }) => {
      const operator = await requireOperator(db, me);
      return { order: await single(await cancelCounterSale(db, operator, body)) };
    },
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/cash/counter/pay',
    tags,
    summary: 'Paid at the till by card or Vipps: a sale in the operator’s name (signed-in operator)',
    access: 'admin',
    body: ZCounterPayBody,
    answer: one('order', ZOrder),
    handler: async ({ body, me }) => {
      const operator = await requireOperator(db, me);
      return { order: await single(await payAtCounter(db, operator, body)) };
    },
  });
}

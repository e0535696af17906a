import { list, one, paginated, ZIdParam, ZOk, ZPageQuery } from '@club/shared/api';
import {
  ZOrder,
  ZOrderDetail,
  ZOrderIdBody,
  ZOrderListQuery,
  ZOrderPayBody,
  ZOrderTransferBody,
  ZUserHandle,
  ZUserSearchQuery,
} from '@club/shared/orders';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { caller } from '../http/auth.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers, jsonBody, verifiedUser } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { allOrders, myOrders, myWaitingOrders } from './list-orders.ts';
import {
  approveOrder,
  cancelOrder,
  deleteOrder,
  initOrder,
  payOrder,
  readOrder,
  searchUsers,
} from './manage-orders.ts';
import { answerOrder, toOrderDetail, toOrders } from './to-order.ts';
import {
  acceptTransfer,
  cancelTransfer,
  declineTransfer,
  incomingTransfers,
  requestTransfer,
} from './transfer-order.ts';

const tags = ['orders'];
const ZOrderAnswer = one('order', ZOrder);

/** DESIGN §4 orders: history, waiting, one, admin list, init, cancel, pay, transfer, approve, delete. */
export function orderRoutes(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  const answer = orderAnswer(deps.db);
  readRoutes(app, deps);
  settleRoutes(app, deps, answer);
  transferRoutes(app, deps, answer);
}

/** A write answers with the order as its transaction left it, when that was made already. */
function orderAnswer(db: Deps['db']) {
  return (row: Parameters<typeof answerOrder>[1]) => answerOrder(db, row);
}
type OrderAnswer = ReturnType<typeof orderAnswer>;

/** My history and waiting orders, one order, and the admin's list. */
function readRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/order/my',
      tags,
      summary: 'My order history (newest first)',
      ...access.user,
      request: { query: ZPageQuery },
      responses: answers(paginated(ZOrder)),
    }),
    async (c) => c.json(ok(await myOrders(db, caller(c).userId, c.req.valid('query').page)), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/order/waiting',
      tags,
      summary: 'My orders still to pay (waiting or pay later)',
      ...access.user,
      responses: answers(list(ZOrder)),
    }),
    async (c) => c.json(ok({ data: await myWaitingOrders(db, caller(c).userId) }), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/order/all',
      tags,
      summary: 'Every order, filtered by status, method, dates and reference or person (admin)',
      ...access.admin,
      request: { query: ZOrderListQuery },
      responses: answers(paginated(ZOrder)),
    }),
    async (c) => c.json(ok(await allOrders(db, c.req.valid('query'))), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/order/{id}',
      tags,
      summary: 'One order (its owner or an admin; the timeline for admins)',
      ...access.user,
      request: { params: ZIdParam },
      responses: answers(one('order', ZOrderDetail)),
    }),
    async (c) => {
      const me = caller(c);
      const row = await readOrder(db, me, c.req.valid('param').id);
      return c.json(ok({ order: await toOrderDetail(db, row, me.isAdmin) }), 200);
    },
  );
}

/** Making, cancelling, settling, approving and deleting an order. */
function settleRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps, single: OrderAnswer): void {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/order/init',
      tags,
      summary: 'Turn my cart into a waiting order (stock is reserved)',
      ...verifiedUser(db),
      responses: answers(ZOrderAnswer),
    }),
    async (c) => c.json(ok({ order: await single(await initOrder(db, caller(c).userId)) }), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/order/cancel',
      tags,
      summary: 'Cancel my unpaid shop order',
      ...access.user,
      request: jsonBody(ZOrderIdBody),
      responses: answers(ZOrderAnswer),
    }),
    async (c) => c.json(ok({ order: await single(await cancelOrder(db, caller(c), c.req.valid('json').id)) }), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/order/pay',
      tags,
      summary: 'Settle without paying online: card at the kiosk, as admin (`system`), or later',
      ...verifiedUser(db),
      request: jsonBody(ZOrderPayBody),
      responses: answers(ZOrderAnswer),
    }),
    async (c) => c.json(ok({ order: await single(await payOrder(db, caller(c), c.req.valid('json'))) }), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/order/approve',
      tags,
      summary: 'Confirm a card-terminal payment (admin)',
      ...access.admin,
      request: jsonBody(ZOrderIdBody),
      responses: answers(ZOrderAnswer),
    }),
    async (c) => c.json(ok({ order: await single(await approveOrder(db, caller(c), c.req.valid('json').id)) }), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/order/delete/{id}',
      tags,
      summary: 'Delete an unfinished order (admin); shop stock is released',
      ...access.admin,
      request: { params: ZIdParam },
      responses: answers(ZOrderAnswer),
    }),
    async (c) => c.json(ok({ order: await single(await deleteOrder(db, caller(c), c.req.valid('param').id)) }), 200),
  );
}

/** Handing an order to another person: ask, see, accept, decline, take back; and finding them. */
function transferRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps, single: OrderAnswer): void {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/order/transfer',
      tags,
      summary: 'Ask another person to take over an unpaid order; it stays mine until they accept',
      ...verifiedUser(db),
      request: jsonBody(ZOrderTransferBody),
      responses: answers(ZOrderAnswer),
    }),
    async (c) => {
      const body = c.req.valid('json');
      return c.json(
        ok({ order: await single(await requestTransfer(db, caller(c), { id: body.id, userId: body.user_id })) }),
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/order/transfer/incoming',
      tags,
      summary: 'Orders others have asked me to take over (each with its owner’s name)',
      ...access.user,
      responses: answers(list(ZOrder)),
    }),
    async (c) => c.json(ok({ data: await toOrders(db, await incomingTransfers(db, caller(c).userId)) }), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/order/transfer/accept',
      tags,
      summary: 'Take over an order I was asked to: it becomes my new waiting order',
      ...verifiedUser(db),
      request: jsonBody(ZOrderIdBody),
      responses: answers(ZOrderAnswer),
    }),
    async (c) => c.json(ok({ order: await single(await acceptTransfer(db, caller(c), c.req.valid('json').id)) }), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/order/transfer/decline',
      tags,
      summary: 'Say no to taking over an order; it stays its owner’s',
      ...access.user,
      request: jsonBody(ZOrderIdBody),
      responses: answers(ZOk),
    }),
    async (c) => {
      await declineTransfer(db, caller(c), c.req.valid('json').id);
      return c.json(ok(), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/order/transfer/cancel',
      tags,
      summary: 'Take back my request to someone to take over an order',
      ...access.user,
      request: jsonBody(ZOrderIdBody),
      responses: answers(ZOrderAnswer),
    }),
    async (c) => c.json(ok({ order: await single(await cancelTransfer(db, caller(c), c.req.valid('json').id)) }), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/user/search',
      tags: ['users'],
      summary: 'Find a person to hand an order to, by name or phone (names only)',
      ...access.user,
      request: { query: ZUserSearchQuery },
      responses: answers(list(ZUserHandle)),
    }),
    async (c) => c.json(ok({ data: await searchUsers(db, c.req.valid('query').q) }), 200),
  );
}

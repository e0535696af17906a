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
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../http/context.ts';
import { defineRoute } from '../http/define-route.ts';
import { verifiedUser } from '../http/openapi.ts';
import { authRateLimit } from '../http/rate-limit.ts';
import { approveOrder } from './approve-order.ts';
import { cancelOrder } from './cancel-order.ts';
import { deleteOrder } from './delete-order.ts';
import { initOrder } from './init-order.ts';
import { allOrders, myOrders, myWaitingOrders } from './list-orders.ts';
import { readOrder } from './owned-order.ts';
import { payOrder } from './pay-order.ts';
import { searchUsers } from './search-users.ts';
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
  defineRoute(app, {
    method: 'get',
    path: '/v1/order/my',
    tags,
    summary: 'My order history (newest first)',
    access: 'user',
    query: ZPageQuery,
    answer: paginated(ZOrder),
    handler: async ({ query, me }) => myOrders(db, me.userId, query.page),
  });

  defineRoute(app, {
    method: 'get',
    path: '/v1/order/waiting',
    tags,
    summary: 'My orders still to pay (waiting or pay later)',
    access: 'user',
    answer: list(ZOrder),
    handler: async ({ me }) => ({ data: await myWaitingOrders(db, me.userId) }),
  });

  defineRoute(app, {
    method: 'get',
    path: '/v1/order/all',
    tags,
    summary: 'Every order, filtered by status, method, dates and reference or person (admin)',
    access: 'admin',
    query: ZOrderListQuery,
    answer: paginated(ZOrder),
    handler: async ({ query }) => allOrders(db, query),
  });

  defineRoute(app, {
    method: 'get',
    path: '/v1/order/{id}',
    tags,
    summary: 'One order (its owner or an admin; the timeline for admins)',
    access: 'user',
    params: ZIdParam,
    answer: one('order', ZOrderDetail),
    handler: async ({ params, me }) => {
      const row = await readOrder(db, me, params.id);
      return { order: await toOrderDetail(db, row, me.isAdmin) };
    },
  });
}

/** Making, cancelling, settling, approving and deleting an order. */
function settleRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps, single: OrderAnswer): void {
  defineRoute(app, {
    method: 'post',
    path: '/v1/order/init',
    tags,
    summary: 'Turn my cart into a waiting order (stock is reserved)',
    access: verifiedUser(db),
    answer: ZOrderAnswer,
    handler: async ({ me }) => ({ order: await single(await initOrder(db, me.userId)) }),
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/order/cancel',
    tags,
    summary: 'Cancel my unpaid shop order',
    access: 'user',
    body: ZOrderIdBody,
    answer: ZOrderAnswer,
    handler: async ({ body, me }) => ({ order: await single(await cancelOrder(db, me, body.id)) }),
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/order/pay',
    tags,
    summary: 'Settle without paying online: card at the kiosk, as admin (`system`), or later',
    access: verifiedUser(db),
    body: ZOrderPayBody,
    answer: ZOrderAnswer,
    handler: async ({ body, me }) => ({ order: await single(await payOrder(db, me, body)) }),
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/order/approve',
    tags,
    summary: 'Confirm a card-terminal payment (admin)',
    access: 'admin',
    body: ZOrderIdBody,
    answer: ZOrderAnswer,
    handler: async ({ body, me }) => ({ order: await single(await approveOrder(db, me, body.id)) }),
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/order/delete/{id}',
    tags,
    summary: 'Delete an unfinished order (admin); shop stock is released',
    access: 'admin',
    params: ZIdParam,
    answer: ZOrderAnswer,
    handler: async ({ params, me }) => ({ order: await single(await deleteOrder(db, me, params.id)) }),
  });
}

/** Handing an order to another person: ask, see, accept, decline, take back; and finding them. */
function transferRoutes(app: OpenAPIHono<AppEnv>, { db, config }: Deps, single: OrderAnswer): void {
  defineRoute(app, {
    method: 'post',
    path: '/v1/order/transfer',
    tags,
    summary: 'Ask another person to take over an unpaid order; it stays mine until they accept',
    access: verifiedUser(db),
    // each ask may tell someone, on their phone too: counted per person like the calls that mail
    middleware: [
      authRateLimit({
        name: 'transfer-request',
        by: 'user',
        limit: config.AUTH_RATE_LIMIT,
        windowMs: config.AUTH_RATE_WINDOW_MS,
        trustProxy: config.TRUST_PROXY,
      }),
    ],
    body: ZOrderTransferBody,
    answer: ZOrderAnswer,
    handler: async ({ body, me }) => {
      return { order: await single(await requestTransfer(db, me, { id: body.id, userId: body.user_id })) };
    },
  });

  defineRoute(app, {
    method: 'get',
    path: '/v1/order/transfer/incoming',
    tags,
    summary: 'Orders others have asked me to take over (each with its owner’s name)',
    access: 'user',
    answer: list(ZOrder),
    handler: async ({ me }) => ({ data: await toOrders(db, await incomingTransfers(db, me.userId)) }),
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/order/transfer/accept',
    tags,
    summary: 'Take over an order I was asked to: it becomes my new waiting order',
    access: verifiedUser(db),
    body: ZOrderIdBody,
    answer: ZOrderAnswer,
    handler: async ({ body, me }) => ({ order: await single(await acceptTransfer(db, me, body.id)) }),
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/order/transfer/decline',
    tags,
    summary: 'Say no to taking over an order; it stays its owner’s',
    access: 'user',
    body: ZOrderIdBody,
    answer: ZOk,
    handler: async ({ body, me }) => {
      await declineTransfer(db, me, body.id);
      return {};
    },
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/order/transfer/cancel',
    tags,
    summary: 'Take back my request to someone to take over an order',
    access: 'user',
    body: ZOrderIdBody,
    answer: ZOrderAnswer,
    handler: async ({ body, me }) => ({ order: await single(await cancelTransfer(db, me, body.id)) }),
  });

  defineRoute(app, {
    method: 'get',
    path: '/v1/user/search',
    tags: ['users'],
    summary: 'Find a person to hand an order to, by name or phone (names only)',
    access: 'user',
    query: ZUserSearchQuery,
    answer: list(ZUserHandle),
    handler: async ({ query }) => ({ data: await searchUsers(db, query.q) }),
  });
}

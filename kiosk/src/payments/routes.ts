import { one, ZIdParam } from '@club/shared/api';
import {
  ZOrder,
  ZOrderDetail,
  ZOrderIdBody,
  ZOrderRefundAnswer,
  ZOrderRefundBody,
  ZPaymentOrderBody,
  ZPaymentStatus,
} from '@club/shared/orders';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { caller } from '../http/auth.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers, jsonBody, verifiedUser } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { lockOrder } from '../orders/change-order.ts';
import { choosePhysical, markPaid, ownedOrder } from '../orders/manage-orders.ts';
import { answerOrder, toOrderDetail } from '../orders/to-order.ts';
import { withEvents } from '../outbox/with-events.ts';
import type { CardPayments } from './card/card-payments.ts';
import { paymentStatus } from './payment-status.ts';
import { refundOrder, retryPendingRefunds } from './refund-order.ts';
import type { VippsPayments } from './vipps/vipps-payments.ts';

const tags = ['payments'];
const ZOrderAnswer = one('order', ZOrder);

/** DESIGN §4 payments: card at the kiosk, an admin paying as admin, status, and Vipps. */
export function paymentRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: Deps,
  { vipps, card }: { vipps: VippsPayments; card: CardPayments },
): void {
  const { db } = deps;
  const single = (row: Parameters<typeof answerOrder>[1]) => answerOrder(db, row);

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/payment/physical',
      tags,
      summary: 'Pay with a card at the kiosk: staff approve after the terminal',
      ...verifiedUser(db),
      request: jsonBody(ZPaymentOrderBody),
      responses: answers(ZOrderAnswer),
    }),
    async (c) => {
      const me = caller(c);
      const order = await withEvents(db, async (tx, emit) =>
        choosePhysical(tx, emit, await ownedOrder(tx, me, c.req.valid('json').order_id), me.userId),
      );
      return c.json(ok({ order: await single(order) }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/payment/system',
      tags,
      summary: 'An admin pays the order as admin (cash, goodwill)',
      ...access.admin,
      request: jsonBody(ZPaymentOrderBody),
      responses: answers(ZOrderAnswer),
    }),
    async (c) => {
      const me = caller(c);
      const order = await withEvents(db, async (tx, emit) =>
        markPaid(tx, emit, await lockOrder(tx, c.req.valid('json').order_id), 'system', me.userId),
      );
      return c.json(ok({ order: await single(order) }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/payment/status/{id}',
      tags,
      summary: 'Where the payment of an order stands (asks Vipps or Stripe when a webhook is late)',
      ...access.user,
      request: { params: ZIdParam },
      responses: answers(one('status', ZPaymentStatus)),
    }),
    async (c) =>
      c.json(ok({ status: await paymentStatus(db, { vipps, card }, caller(c), c.req.valid('param').id) }), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/order/refund',
      tags: ['orders'],
      summary:
        'Give money back on a paid order: a return of chosen lines and units, or a price reduction (never more than was paid)',
      ...access.admin,
      request: jsonBody(ZOrderRefundBody),
      responses: answers(ZOrderRefundAnswer),
    }),
    async (c) => {
      const made = await refundOrder(deps, { vipps, card }, caller(c), c.req.valid('json'));
      const order = await toOrderDetail(db, made.order, false);
      // pending: the provider did not answer; the refund is held and asked about again
      const refund = order.refunds.find((r) => r.id === made.refundId)!;
      return c.json(ok({ order, refund }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/order/refund/retry',
      tags: ['orders'],
      summary: 'Ask the provider again about refunds of an order whose outcome is not known (each with its own key)',
      ...access.admin,
      request: jsonBody(ZOrderIdBody),
      responses: answers(one('order', ZOrderDetail)),
    }),
    async (c) => {
      const { id } = c.req.valid('json');
      await retryPendingRefunds(deps, { vipps, card }, id);
      const row = await db.transaction((tx) => lockOrder(tx, id));
      return c.json(ok({ order: await toOrderDetail(db, row, false) }), 200);
    },
  );

  vipps.routes(app);
  card.routes(app);
}

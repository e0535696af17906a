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
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../http/context.ts';
import { defineRoute } from '../http/define-route.ts';
import { verifiedUser } from '../http/openapi.ts';
import { lockOrder } from '../orders/change-order.ts';
import { choosePhysical } from '../orders/choose-physical.ts';
import { ownedOrder } from '../orders/owned-order.ts';
import { payOrder } from '../orders/pay-order.ts';
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

  defineRoute(app, {
    method: 'post',
    path: '/v1/payment/physical',
    tags,
    summary: 'Pay with a card at the kiosk: staff approve after the terminal',
    access: verifiedUser(db),
    body: ZPaymentOrderBody,
    answer: ZOrderAnswer,
    handler: async ({ body, me }) => {
      const order = await withEvents(db, async (tx, emit) =>
        choosePhysical(tx, emit, await ownedOrder(tx, me, body.order_id), me.userId),
      );
      return { order: await single(order) };
    },
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/payment/system',
    tags,
    summary: 'An admin settles the order as the club (goodwill; cash is taken at the counter, through the till)',
    access: 'admin',
    body: ZPaymentOrderBody,
    answer: ZOrderAnswer,
    // the same registration as `/v1/order/pay`: in the signed-in operator's name, at their till
    handler: async ({ body, me }) => ({
      order: await single(await payOrder(db, me, { id: body.order_id, method: 'system' })),
    }),
  });

  defineRoute(app, {
    method: 'get',
    path: '/v1/payment/status/{id}',
    tags,
    summary: 'Where the payment of an order stands (asks Vipps or Stripe when a webhook is late)',
    access: 'user',
    params: ZIdParam,
    answer: one('status', ZPaymentStatus),
    handler: async ({ params, me }) => ({ status: await paymentStatus(db, { vipps, card }, me, params.id) }),
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/order/refund',
    tags: ['orders'],
    summary:
      'Give money back on a paid order: a return of chosen lines and units, or a price reduction (never more than was paid)',
    access: 'admin',
    body: ZOrderRefundBody,
    answer: ZOrderRefundAnswer,
    handler: async ({ body, me }) => {
      const made = await refundOrder(deps, { vipps, card }, me, body);
      const order = await toOrderDetail(db, made.order, false);
      // pending: the provider did not answer; the refund is held and asked about again
      const refund = order.refunds.find((r) => r.id === made.refundId)!;
      return { order, refund };
    },
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/order/refund/retry',
    tags: ['orders'],
    summary: 'Ask the provider again about refunds of an order whose outcome is not known (each with its own key)',
    access: 'admin',
    body: ZOrderIdBody,
    answer: one('order', ZOrderDetail),
    handler: async ({ body }) => {
      const { id } = body;
      await retryPendingRefunds(deps, { vipps, card }, id);
      const row = await db.transaction((tx) => lockOrder(tx, id));
      return { order: await toOrderDetail(db, row, false) };
    },
  });

  vipps.routes(app);
  card.routes(app);
}

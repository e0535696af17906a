import { one, ZOk } from '@club/shared/api';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { ZPaymentOrderBody, ZVippsInitBody } from '@club/shared/orders';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { payments } from '../../db/schema.ts';
import type { AppEnv } from '../../http/context.ts';
import { defineRoute } from '../../http/define-route.ts';
import { verifiedUser } from '../../http/openapi.ts';
import { initVippsPayment, type VippsContext } from './init-vipps-payment.ts';
import { verifyWebhook } from './signature.ts';
import type { VippsSimulator } from './simulator.ts';

/** The Vipps calls: start and stop a payment, and the webhook (and the simulator, when it runs). */
export function vippsRoutes(
  app: OpenAPIHono<AppEnv>,
  vipps: VippsContext & {
    simulator: VippsSimulator | undefined;
    webhookUrl: string;
    cancel(by: { userId: number; isAdmin: boolean; sessionId: number }, orderId: number): Promise<void>;
  },
): void {
  const { db, logger, simulator, webhookUrl, webhookSecret, settle } = vipps;
  if (simulator) app.route('/vipps-sim', simulator.app);

  defineRoute(app, {
    method: 'post',
    path: '/v1/payment/vipps/init',
    tags: ['payments'],
    summary: 'Start paying an order with Vipps; open `redirect_url` to approve',
    access: verifiedUser(db),
    body: ZVippsInitBody,
    answer: z.object({
      success: z.literal(true),
      server_time: z.string().optional(),
      redirect_url: z.string().nullable(),
      payment_id: z.number().int(),
    }),
    handler: async ({ body, me }) => {
      return await initVippsPayment(vipps, me, { orderId: body.order_id, phone: body.phone });
    },
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/payment/vipps/cancel',
    tags: ['payments'],
    summary: 'Stop an open Vipps payment of an order (`error.payment_not_initialized` when none is open)',
    access: 'user',
    body: ZPaymentOrderBody,
    answer: ZOk,
    handler: async ({ body, me }) => {
      await vipps.cancel(me, body.order_id);
      return {};
    },
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/payment/vipps/webhook',
    tags: ['payments'],
    summary: 'Vipps MobilePay webhook (HMAC-signed as Vipps specifies; 401 otherwise)',
    access: 'public',
    answer: one('received', z.boolean()),
    handler: async ({ c }) => {
      const rawBody = await c.req.text();
      const key = await webhookSecret().catch(() => undefined);
      const valid =
        key !== undefined &&
        verifyWebhook({
          secret: key,
          url: webhookUrl,
          rawBody,
          now: clock.nowMs(),
          headers: {
            date: c.req.header('x-ms-date'),
            contentSha256: c.req.header('x-ms-content-sha256'),
            authorization: c.req.header('authorization'),
          },
        });
      if (!valid) throw new AppError('error.auth_required');
      const parsed = z.object({ reference: z.string().max(64) }).safeParse(JSON.parse(rawBody));
      if (parsed.success) {
        const [known] = await db
          .select({ id: payments.id })
          .from(payments)
          .where(eq(payments.reference, parsed.data.reference));
        if (known) {
          await settle(parsed.data.reference).catch((err: unknown) => {
            // a non-2xx answer makes Vipps deliver again; the sweep settles it meanwhile too
            logger.warn({ reference: parsed.data.reference, err: String(err) }, 'Vipps webhook not settled yet');
            throw new AppError('error.service_unavailable');
          });
        }
      }
      return { received: true };
    },
  });
}

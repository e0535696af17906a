import { one } from '@club/shared/api';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { ZPaymentOrderBody } from '@club/shared/orders';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AppEnv, AuthInfo } from '../../http/context.ts';
import { defineRoute } from '../../http/define-route.ts';
import { verifiedUser } from '../../http/openapi.ts';
import type { StripeSimulator } from './simulator.ts';
import type { CardClient, Stripe } from './stripe-card.ts';

interface CardRouteParts {
  db: Db;
  client: CardClient;
  simulator: StripeSimulator | undefined;
  webhookSecret: string | undefined;
  init(by: AuthInfo, orderId: number): Promise<{ redirect_url: string; payment_id: string }>;
  handleEvent(event: Stripe.Event): Promise<void>;
}

/** The card routes: start paying, Stripe's webhook, and the simulator's pages when it runs. */
export function cardRoutes(
  app: OpenAPIHono<AppEnv>,
  { db, client, simulator, webhookSecret, init, handleEvent }: CardRouteParts,
) {
  if (simulator) app.route('/stripe-sim', simulator.pages);

  defineRoute(app, {
    method: 'post',
    path: '/v1/payment/card/init',
    tags: ['payments'],
    summary: 'Start paying an order by card (Stripe Checkout); open `redirect_url` to pay (a verified e-mail)',
    access: verifiedUser(db),
    body: ZPaymentOrderBody,
    answer: z.object({
      success: z.literal(true),
      server_time: z.string().optional(),
      redirect_url: z.string(),
      payment_id: z.string(),
    }),
    handler: async ({ body, me }) => init(me, body.order_id),
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/payment/card/webhook',
    tags: ['payments'],
    summary: 'Stripe webhook (verified with the endpoint secret; 400 otherwise)',
    access: 'public',
    answer: one('received', z.boolean()),
    handler: async ({ c }) => {
      const rawBody = await c.req.text();
      let event: Stripe.Event;
      try {
        if (!webhookSecret) throw new Error('no endpoint secret');
        event = client.verifyEvent(rawBody, c.req.header('stripe-signature'), webhookSecret, clock.nowMs());
      } catch {
        throw new AppError('error.invalid_signature');
      }
      await handleEvent(event);
      return { received: true };
    },
  });
}

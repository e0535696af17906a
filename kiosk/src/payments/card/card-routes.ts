import { one } from '@club/shared/api';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { ZPaymentOrderBody } from '@club/shared/orders';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { caller } from '../../http/auth.ts';
import type { AppEnv, AuthInfo } from '../../http/context.ts';
import { access, answers, jsonBody, verifiedUser } from '../../http/openapi.ts';
import { ok } from '../../http/respond.ts';
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

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/payment/card/init',
      tags: ['payments'],
      summary: 'Start paying an order by card (Stripe Checkout); open `redirect_url` to pay (a verified e-mail)',
      ...verifiedUser(db),
      request: jsonBody(ZPaymentOrderBody),
      responses: answers(
        z.object({
          success: z.literal(true),
          server_time: z.string().optional(),
          redirect_url: z.string(),
          payment_id: z.string(),
        }),
      ),
    }),
    async (c) => c.json(ok(await init(caller(c), c.req.valid('json').order_id)), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/payment/card/webhook',
      tags: ['payments'],
      summary: 'Stripe webhook (verified with the endpoint secret; 400 otherwise)',
      ...access.public,
      responses: answers(one('received', z.boolean())),
    }),
    async (c) => {
      const rawBody = await c.req.text();
      let event: Stripe.Event;
      try {
        if (!webhookSecret) throw new Error('no endpoint secret');
        event = client.verifyEvent(rawBody, c.req.header('stripe-signature'), webhookSecret, clock.nowMs());
      } catch {
        throw new AppError('error.invalid_signature');
      }
      await handleEvent(event);
      return c.json(ok({ received: true }), 200);
    },
  );
}

import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../../http/context.ts';
import { createCardCheckout } from './card-checkout.ts';
import { cardRoutes } from './card-routes.ts';
import { createCardSettlement } from './card-settlement.ts';
import { createStripeSimulator, type StripeSimulator } from './simulator.ts';
import { type CardClient, createCardClient, createStripeClient } from './stripe-card.ts';

const SIMULATOR_KEY = 'sk_test_club_simulator';

export interface CardPayments {
  client: CardClient;
  simulator: StripeSimulator | undefined;
  /** Settles a payment from what Stripe says about its session now; safe to repeat. */
  settle(sessionId: string): Promise<void>;
  /** Asks again to give back a payment for an order settled otherwise, which Stripe did not answer about. */
  retryGiveBack(reference: string): Promise<void>;
  routes(app: OpenAPIHono<AppEnv>): void;
}

/**
 * Card payments through Stripe Checkout: the real Stripe when STRIPE_SECRET_KEY is set, else
 * the built-in simulator (hosted page at /stripe-sim). Settling (card-settlement.ts), starting
 * a payment (card-checkout.ts) and the routes (card-routes.ts) are wired here.
 */
export function createCardPayments(deps: Deps, kioskFetch: typeof fetch): CardPayments {
  const { config } = deps;
  const real = Boolean(config.STRIPE_SECRET_KEY);
  const simulator = real
    ? undefined
    : createStripeSimulator({
        publicBaseUrl: `${config.publicUrl}/stripe-sim`,
        secretKey: SIMULATOR_KEY,
        webhookUrl: `${config.publicUrl}/v1/payment/card/webhook`,
        ...(config.STRIPE_WEBHOOK_SECRET ? { webhookSecret: config.STRIPE_WEBHOOK_SECRET } : {}),
        deliver: kioskFetch,
      });
  const client = createCardClient(
    createStripeClient(
      real
        ? { secretKey: config.STRIPE_SECRET_KEY!, timeoutMs: config.PROVIDER_TIMEOUT_MS }
        : {
            secretKey: SIMULATOR_KEY,
            host: 'stripe-simulator.local',
            protocol: 'http',
            fetch: simulator!.fetch,
            timeoutMs: config.PROVIDER_TIMEOUT_MS,
          },
    ),
  );
  const webhookSecret = real ? config.STRIPE_WEBHOOK_SECRET : simulator!.webhookSecret;

  const settlement = createCardSettlement(deps, client);
  const checkout = createCardCheckout(deps, client, settlement.settle);

  return {
    client,
    simulator,
    settle: settlement.settle,
    retryGiveBack: settlement.retryGiveBack,
    routes(app) {
      cardRoutes(app, {
        db: deps.db,
        client,
        simulator,
        webhookSecret,
        init: checkout.init,
        handleEvent: settlement.handleEvent,
      });
    },
  };
}

import Stripe from 'stripe';

/**
 * The card provider on the official Stripe SDK: Checkout Sessions, their state, webhook
 * verification and refunds. The same code runs against Stripe and the built-in simulator;
 * only where the client connects differs.
 */

export interface StripeConnection {
  secretKey: string;
  /** Stripe itself when unset; the simulator's address otherwise */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** how requests travel (default: Node's HTTP client) */
  fetch?: typeof fetch;
  maxNetworkRetries?: number;
  /** one try's limit (default 20 s); the lease on a refund being asked about outlasts all tries */
  timeoutMs?: number;
}

export function createStripeClient(connection: StripeConnection): Stripe {
  return new Stripe(connection.secretKey, {
    maxNetworkRetries: connection.maxNetworkRetries ?? 2,
    timeout: connection.timeoutMs ?? 20_000,
    telemetry: false,
    appInfo: { name: 'club-kiosk' },
    ...(connection.host ? { host: connection.host } : {}),
    ...(connection.port ? { port: connection.port } : {}),
    ...(connection.protocol ? { protocol: connection.protocol } : {}),
    ...(connection.fetch ? { httpClient: Stripe.createFetchHttpClient(connection.fetch) } : {}),
  });
}

export interface CheckoutLine {
  name: string;
  quantity: number;
  /** øre */
  unitAmount: number;
}

export interface CheckoutInput {
  orderId: number;
  /** a new attempt after an expired or abandoned session gets a new idempotency key */
  attempt: number;
  /** the order's reference, shown when the lines cannot carry the total alone */
  title: string;
  lines: CheckoutLine[];
  /** øre, what the payer is charged */
  total: number;
  successUrl: string;
  cancelUrl: string;
}

/** Lines that add up to the total; a discounted order is charged as one line with its reference. */
export function checkoutLines(input: Pick<CheckoutInput, 'title' | 'lines' | 'total'>): CheckoutLine[] {
  const sum = input.lines.reduce((acc, l) => acc + l.unitAmount * l.quantity, 0);
  const whole = input.lines.every((l) => l.quantity > 0 && l.unitAmount >= 0);
  return whole && sum === input.total && input.lines.length > 0
    ? input.lines
    : [{ name: input.title, quantity: 1, unitAmount: input.total }];
}

export type CardSession = Pick<
  Stripe.Checkout.Session,
  'id' | 'url' | 'status' | 'payment_status' | 'amount_total' | 'currency' | 'client_reference_id' | 'payment_intent'
>;

export type CardClient = ReturnType<typeof createCardClient>;

export function createCardClient(stripe: Stripe) {
  return {
    async createCheckout(input: CheckoutInput): Promise<CardSession> {
      return stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: checkoutLines(input).map((l) => ({
            quantity: l.quantity,
            price_data: { currency: 'nok', unit_amount: l.unitAmount, product_data: { name: l.name.slice(0, 250) } },
          })),
          client_reference_id: String(input.orderId),
          metadata: { order_id: String(input.orderId) },
          // carried to the charge, so its events (refunds) name the order too
          payment_intent_data: { metadata: { order_id: String(input.orderId) } },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: `order-${input.orderId}-checkout-${input.attempt}` },
      );
    },
    getCheckout(sessionId: string): Promise<CardSession> {
      return stripe.checkout.sessions.retrieve(sessionId);
    },
    expireCheckout(sessionId: string): Promise<CardSession> {
      return stripe.checkout.sessions.expire(sessionId);
    },
    /** `amount` unset refunds what is left; `key` makes a retried refund happen once. */
    refund(input: { paymentIntent: string; amount?: number; key: string; orderId: number }): Promise<Stripe.Refund> {
      return stripe.refunds.create(
        {
          payment_intent: input.paymentIntent,
          ...(input.amount === undefined ? {} : { amount: input.amount }),
          reason: 'requested_by_customer',
          metadata: { order_id: String(input.orderId) },
        },
        { idempotencyKey: input.key },
      );
    },
    /** Throws unless the body is signed with `secret` no more than 300 s before `nowMs`. */
    verifyEvent(rawBody: string, signature: string | undefined, secret: string, nowMs: number): Stripe.Event {
      return stripe.webhooks.constructEvent(rawBody, signature ?? '', secret, 300, undefined, nowMs);
    },
  };
}

export { Stripe };

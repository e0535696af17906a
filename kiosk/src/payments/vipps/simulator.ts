import { clock } from '@club/shared/clock';
import { type Context, Hono } from 'hono';
import type { VippsState } from './client.ts';
import { simEpaymentRoutes } from './sim-epayment-routes.ts';
import { simLandingRoutes } from './sim-landing.ts';
import { createSimLedger, problem, type SimFaults } from './sim-ledger.ts';
import { compileVippsRequestCheck, type RequestCheck } from './sim-openapi.ts';
import { createTokenIssuer } from './sim-token.ts';
import { createSimWebhooks, type Delivery, type RetryPolicy } from './sim-webhooks.ts';

export type { SimFaults } from './sim-ledger.ts';
export type { Delivery, RetryPolicy } from './sim-webhooks.ts';

/** the documents' schemas, compiled on first use and shared by every simulator in the process */
let requestCheck: RequestCheck | undefined;
/** how often payments past their time are expired (and their EXPIRED webhook sent) */
const EXPIRY_TICK_MS = 1_000;

/**
 * A local stand-in for Vipps MobilePay: the access token, ePayment (create, get, events,
 * capture, refund, cancel, test approve), the Webhooks API and signed deliveries over HTTP,
 * with the same states (CREATED → AUTHORIZED | ABORTED | EXPIRED | TERMINATED), idempotency
 * and problem+json errors, plus a page where the payer approves or rejects as in the app.
 * Every request is held to the published OpenAPI documents (`sim-openapi.ts`).
 */

export interface VippsSimulator {
  app: Hono;
  /** `fetch` into the simulator without a network, for the client in the same process */
  fetch: typeof fetch;
  /** approve or reject as the payer would in the app */
  approve(reference: string): Promise<void>;
  reject(reference: string): Promise<void>;
  /** what it sent, as it was sent: for tests */
  deliveries: Delivery[];
  /** the webhooks registered through its Webhooks API (without their secrets) */
  registrations(): { id: string; url: string; events: string[] }[];
  /** test-only knobs: a slow, failing or forgetful Vipps */
  faults: SimFaults;
  /** sends earlier webhooks again exactly as they were (same date and signature), as a late or replayed delivery */
  replay(filter?: (delivery: Delivery) => boolean): Promise<number>;
  /** what the simulator holds about a payment: for tests that check no one was charged twice */
  payment(reference: string): SimPaymentView | undefined;
  references(): string[];
  /** stops its timers (retries, expiry) */
  close(): void;
}

export interface SimPaymentView {
  reference: string;
  state: VippsState;
  amount: number;
  authorized: number;
  captured: number;
  cancelled: number;
  events: string[];
}

export function createVippsSimulator(options: {
  /** where the simulator's own pages are reached, e.g. http://localhost:3000/vipps-sim */
  publicBaseUrl: string;
  msn?: string;
  /** the API keys it accepts (default: `sim` for each) */
  credentials?: { clientId: string; clientSecret: string; subscriptionKey: string };
  /** how webhooks reach their URL (default: fetch, over the network) */
  deliver?: typeof fetch;
  /** how failed webhooks are retried (default: as Vipps, for up to 7 days) */
  retry?: RetryPolicy;
}): VippsSimulator {
  const credentials = options.credentials ?? { clientId: 'sim', clientSecret: 'sim', subscriptionKey: 'sim' };
  const tokens = createTokenIssuer();
  const msn = options.msn ?? '123456';
  const faults: SimFaults = {
    dropWebhooks: false,
    duplicateWebhooks: false,
    delayMs: 0,
    failRequests: 0,
    loseAnswers: 0,
    failOn: /^(GET|POST) \/epayment\/v1\/payments/,
    hold: undefined,
    hits: { failed: 0, lost: 0 },
  };
  const webhooks = createSimWebhooks({ deliver: options.deliver ?? fetch, faults, retry: options.retry });
  const ledger = createSimLedger({ publicBaseUrl: options.publicBaseUrl, msn, webhooks });
  const { payments, expire } = ledger;
  const expiry = setInterval(ledger.expireDue, EXPIRY_TICK_MS);
  expiry.unref();
  requestCheck ??= compileVippsRequestCheck();
  const conforms = requestCheck;
  const app = new Hono();
  const authorized = (header: string | undefined) =>
    tokens.valid(/^Bearer (.+)$/.exec(header ?? '')?.[1], Math.floor(clock.nowMs() / 1000));

  /** Every ePayment and Webhooks call carries the token, the subscription key and the merchant's MSN. */
  const gate = async (c: Context, next: () => Promise<void>) => {
    if (!authorized(c.req.header('authorization'))) return problem(401, 'Unauthorized', '401');
    if (c.req.header('Ocp-Apim-Subscription-Key') !== credentials.subscriptionKey)
      return problem(401, 'Access denied due to invalid subscription key', '401');
    const serial = c.req.header('Merchant-Serial-Number');
    if (!serial) return problem(400, 'Merchant-Serial-Number header is required', '400');
    if (serial !== msn) return problem(403, 'The merchant serial number is not allowed', '403');
    const refused = conforms({
      method: c.req.method,
      path: c.req.path,
      header: (name) => c.req.header(name),
      body: c.req.method === 'GET' ? '' : await c.req.text(),
    });
    if (refused) return problem(400, 'Bad Request', refused.code, refused);
    await next();
  };

  app.post('/accesstoken/get', async (c) => {
    const refused = conforms({ method: 'POST', path: c.req.path, header: (name) => c.req.header(name), body: '' });
    if (refused) return c.json({ error: 'invalid_request', error_description: refused.detail }, 400);
    if (
      c.req.header('client_id') !== credentials.clientId ||
      c.req.header('client_secret') !== credentials.clientSecret ||
      c.req.header('Ocp-Apim-Subscription-Key') !== credentials.subscriptionKey
    ) {
      return c.json({ error: 'unauthorized_client', error_description: 'Invalid client credentials' }, 401);
    }
    const now = Math.floor(clock.nowMs() / 1000);
    return c.json({
      token_type: 'Bearer',
      expires_in: '3600',
      ext_expires_in: '3600',
      expires_on: String(now + 3600),
      not_before: String(now),
      resource: '00000002-0000-0000-c000-000000000000',
      access_token: tokens.issue(credentials.clientId, now, 3600),
    });
  });

  // the fault knobs sit in front of everything else, as a slow or failing network would
  app.use('/epayment/*', async (c, next) => {
    if (faults.delayMs > 0) await new Promise((r) => setTimeout(r, faults.delayMs));
    await faults.hold?.(`${c.req.method} ${c.req.path}`);
    const hit = faults.failOn.test(`${c.req.method} ${c.req.path}`) && !c.req.path.includes('/test/');
    if (hit && faults.failRequests > 0) {
      faults.failRequests--;
      faults.hits.failed++;
      return problem(503, 'Service unavailable (simulated)', '503');
    }
    await next();
    if (hit && faults.loseAnswers > 0) {
      faults.loseAnswers--;
      faults.hits.lost++;
      c.res = problem(500, 'Internal error after the change was made (simulated)', '500');
    }
  });
  app.use('/epayment/*', gate);
  app.use('/webhooks/*', gate);

  simEpaymentRoutes(app, ledger);

  // the body and headers were checked against the Webhooks API document by `gate`
  app.post('/webhooks/v1/webhooks', async (c) => {
    const body = (await c.req.json()) as { url: string; events: string[] };
    const hook = webhooks.register(body.url, body.events);
    return c.json({ id: hook.id, secret: hook.secret }, 201);
  });
  app.get('/webhooks/v1/webhooks', (c) => c.json({ webhooks: simulator.registrations() }));
  app.delete('/webhooks/v1/webhooks/:id', (c) =>
    webhooks.unregister(c.req.param('id')) ? c.body(null, 204) : problem(404, 'Webhook not found', '404'),
  );

  simLandingRoutes(app, ledger);

  const simulator: VippsSimulator = {
    app,
    fetch: (input, init) => Promise.resolve(app.request(input instanceof Request ? input : String(input), init)),
    approve: ledger.approve,
    reject: ledger.reject,
    deliveries: webhooks.deliveries,
    registrations: () => webhooks.registrations.map(({ id, url, events }) => ({ id, url, events })),
    faults,
    replay: webhooks.replay,
    payment(reference) {
      const p = payments.get(reference);
      if (!p) return undefined;
      expire(p);
      const { state, amount, authorized, captured, cancelled } = p;
      return { reference, state, amount, authorized, captured, cancelled, events: p.events.map((e) => e.name) };
    },
    references: () => [...payments.keys()],
    close() {
      clearInterval(expiry);
      webhooks.close();
    },
  };
  return simulator;
}

import { clock } from '@club/shared/clock';
import { z } from 'zod';

/** The Vipps MobilePay ePayment API v1, as far as the club needs it: a thin fetch client. */

export const ZPaymentState = z.enum(['CREATED', 'AUTHORIZED', 'ABORTED', 'EXPIRED', 'TERMINATED']);
export type VippsState = z.infer<typeof ZPaymentState>;

/** What happens to a payment, as its event log and its webhooks name it. */
export const WEBHOOK_EVENT_NAMES = [
  'CREATED',
  'AUTHORIZED',
  'ABORTED',
  'EXPIRED',
  'CANCELLED',
  'CAPTURED',
  'REFUNDED',
  'TERMINATED',
] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENT_NAMES)[number];
/** the Webhooks API's name of an ePayment event: `epayments.payment.authorized.v1` */
export const webhookEventType = (name: WebhookEventName) => `epayments.payment.${name.toLowerCase()}.v1`;
/** what the kiosk's webhook is registered for: the events that can move a payment it waits for (a creation or a refund cannot) */
export const KIOSK_WEBHOOK_EVENTS = WEBHOOK_EVENT_NAMES.filter((e) => e !== 'CREATED' && e !== 'REFUNDED').map(
  webhookEventType,
);
/** where Vipps delivers the kiosk's webhooks */
export const kioskWebhookUrl = (publicUrl: string) => `${publicUrl.replace(/\/$/, '')}/v1/payment/vipps/webhook`;
const ZWebhook = z.object({ id: z.string(), url: z.string(), events: z.array(z.string()) });

const ZAmount = z.object({ currency: z.string(), value: z.number().int() });
const ZGetPayment = z.object({
  reference: z.string(),
  state: ZPaymentState,
  amount: ZAmount,
  aggregate: z.object({
    authorizedAmount: ZAmount,
    cancelledAmount: ZAmount,
    capturedAmount: ZAmount,
    refundedAmount: ZAmount,
  }),
  pspReference: z.string(),
  redirectUrl: z.string().optional(),
});
export type VippsPayment = z.infer<typeof ZGetPayment>;
const ZCreated = z.object({ reference: z.string(), redirectUrl: z.string().optional() });
const ZToken = z.object({ access_token: z.string(), expires_in: z.string(), expires_on: z.string() });
const ZProblem = z.object({
  title: z.string().optional(),
  detail: z.string().optional(),
  status: z.number().optional(),
  extraDetails: z.array(z.object({ name: z.string(), reason: z.string() })).nullish(),
});

export class VippsError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'VippsError';
  }
}

export interface VippsCredentials {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
  msn: string;
  /** where requests go; tests and the built-in simulator pass their own */
  fetch?: typeof fetch;
  /** how long one call may take before it is given up (its outcome then unknown); default 20 s (PROVIDER_TIMEOUT_MS) */
  timeoutMs?: number;
}

export type VippsClient = ReturnType<typeof createVippsClient>;

export function createVippsClient(credentials: VippsCredentials) {
  const send = credentials.fetch ?? fetch;
  const base = credentials.baseUrl.replace(/\/$/, '');
  let token: { value: string; expiresAt: number } | undefined;

  const common = {
    'Ocp-Apim-Subscription-Key': credentials.subscriptionKey,
    'Merchant-Serial-Number': credentials.msn,
    'Vipps-System-Name': 'club-app',
    'Vipps-System-Version': '1.0.0',
    'Vipps-System-Plugin-Name': 'club-kiosk',
    'Vipps-System-Plugin-Version': '1.0.0',
  };

  async function accessToken(): Promise<string> {
    // tokens live an hour (test) or a day (production); renew a minute early
    if (token && token.expiresAt - 60_000 > clock.nowMs()) return token.value;
    const res = await send(`${base}/accesstoken/get`, {
      method: 'POST',
      headers: { client_id: credentials.clientId, client_secret: credentials.clientSecret, ...common },
      // every call asks for the token first: a hanging token endpoint would hang them all
      signal: AbortSignal.timeout(credentials.timeoutMs ?? 20_000),
    });
    const body = ZToken.parse(await parse(res));
    token = { value: body.access_token, expiresAt: clock.nowMs() + Number(body.expires_in) * 1000 };
    return token.value;
  }

  async function call(
    method: string,
    path: string,
    options: { body?: unknown; idempotencyKey?: string } = {},
  ): Promise<unknown> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${await accessToken()}`,
      'Content-Type': 'application/json',
      ...common,
    };
    if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
    const res = await send(`${base}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      // a call that hangs is given up: a refund then stays pending, never waits for ever
      signal: AbortSignal.timeout(credentials.timeoutMs ?? 20_000),
    });
    return parse(res);
  }

  return {
    accessToken,
    async createPayment(input: {
      reference: string;
      amount: number;
      phone: string;
      description: string;
      returnUrl: string;
    }): Promise<{ reference: string; redirectUrl?: string | undefined }> {
      const body = {
        amount: { currency: 'NOK', value: input.amount },
        paymentMethod: { type: 'WALLET' },
        customer: { phoneNumber: input.phone.replace(/^\+/, '') },
        reference: input.reference,
        userFlow: 'WEB_REDIRECT',
        returnUrl: input.returnUrl,
        paymentDescription: input.description.slice(0, 100),
      };
      return ZCreated.parse(await call('POST', '/epayment/v1/payments', { body, idempotencyKey: input.reference }));
    },
    async getPayment(reference: string): Promise<VippsPayment> {
      return ZGetPayment.parse(await call('GET', `/epayment/v1/payments/${encodeURIComponent(reference)}`));
    },
    async capture(reference: string, amount: number): Promise<void> {
      await call('POST', `/epayment/v1/payments/${encodeURIComponent(reference)}/capture`, {
        body: { modificationAmount: { currency: 'NOK', value: amount } },
        idempotencyKey: `capture-${reference}`.slice(0, 50),
      });
    },
    /** `key` is the refund's own: a retried refund happens once, a second refund needs a new key. */
    async refund(reference: string, amount: number, key: string): Promise<void> {
      await call('POST', `/epayment/v1/payments/${encodeURIComponent(reference)}/refund`, {
        body: { modificationAmount: { currency: 'NOK', value: amount } },
        idempotencyKey: key.slice(0, 50),
      });
    },
    async cancel(reference: string): Promise<void> {
      await call('POST', `/epayment/v1/payments/${encodeURIComponent(reference)}/cancel`, {
        idempotencyKey: `cancel-${reference}`.slice(0, 50),
      });
    },
    async registerWebhook(url: string, events: string[]): Promise<{ id: string; secret: string }> {
      return z
        .object({ id: z.string(), secret: z.string() })
        .parse(await call('POST', '/webhooks/v1/webhooks', { body: { url, events } }));
    },
    async listWebhooks(): Promise<z.infer<typeof ZWebhook>[]> {
      return z.object({ webhooks: z.array(ZWebhook) }).parse(await call('GET', '/webhooks/v1/webhooks')).webhooks;
    },
    async deleteWebhook(id: string): Promise<void> {
      await call('DELETE', `/webhooks/v1/webhooks/${encodeURIComponent(id)}`);
    },
  };
}

async function parse(res: Response): Promise<unknown> {
  const text = await res.text();
  const body: unknown = text ? JSON.parse(text) : {};
  if (res.ok) return body;
  const problem = ZProblem.safeParse(body);
  const code = problem.success ? problem.data.extraDetails?.find((d) => d.name === 'ErrorCode')?.reason : undefined;
  const title = problem.success ? (problem.data.detail ?? problem.data.title ?? '') : '';
  throw new VippsError(res.status, code, `Vipps answered ${res.status}${code ? ` (${code})` : ''}: ${title}`);
}

import { randomUUID } from 'node:crypto';
import { clock } from '@club/shared/clock';
import type { VippsState } from './client.ts';
import { authorizationFor, contentHash } from './signature.ts';

const EXPIRY_MS = 10 * 60_000;

export interface SimEvent {
  name: 'CREATED' | 'AUTHORIZED' | 'ABORTED' | 'EXPIRED' | 'CANCELLED' | 'CAPTURED' | 'REFUNDED' | 'TERMINATED';
  amount: number;
  timestamp: string;
  idempotencyKey: string | null;
}
export interface SimPayment {
  reference: string;
  pspReference: string;
  state: VippsState;
  amount: number;
  authorized: number;
  captured: number;
  cancelled: number;
  refunded: number;
  returnUrl: string | undefined;
  description: string;
  createdAt: number;
  events: SimEvent[];
}

export interface Delivery {
  url: string;
  status: number | 'failed';
  body: string;
  headers: Record<string, string>;
  replayed?: boolean;
}

export interface SimFaults {
  /** webhooks are not delivered (recorded as failed) */
  dropWebhooks: boolean;
  /** each webhook is delivered twice */
  duplicateWebhooks: boolean;
  /** every ePayment API call is answered this many (real) milliseconds later */
  delayMs: number;
  /** the next N calls matching `failOn` fail with 503 before anything happens */
  failRequests: number;
  /** the next N calls matching `failOn` are carried out, but answered with 500: the answer is lost */
  loseAnswers: number;
  /** which calls the two above hit, matched against `METHOD /path` (default: every ePayment call but test approvals) */
  failOn: RegExp;
  /** how many calls each kind of fault has hit so far */
  hits: { failed: number; lost: number };
}

export const money = (value: number) => ({ currency: 'NOK', value });

/** An error as Vipps answers it (problem+json). */
export const problem = (status: number, title: string, code: string) =>
  new Response(
    JSON.stringify({
      type: 'https://developer.vippsmobilepay.com/docs/APIs/epayment-api/api-errors',
      title,
      status,
      traceId: randomUUID(),
      extraDetails: [{ name: 'ErrorCode', reason: code }],
    }),
    {
      status,
      headers: { 'content-type': 'application/problem+json' },
    },
  );

/**
 * The simulator's payments and what happens to them: each change is logged as an event and
 * sent to the registered webhooks, signed as Vipps signs them (and faulted as `faults` says).
 */
export function createSimLedger(options: {
  publicBaseUrl: string;
  msn: string;
  deliver: typeof fetch;
  faults: SimFaults;
}) {
  const payments = new Map<string, SimPayment>();
  const webhooks: { id: string; url: string; events: string[]; secret: string }[] = [];
  const deliveries: Delivery[] = [];
  const { faults } = options;

  function expire(p: SimPayment) {
    if (p.state === 'CREATED' && clock.nowMs() - p.createdAt > EXPIRY_MS) {
      p.state = 'EXPIRED';
      void record(p, 'EXPIRED', p.amount, null);
    }
  }

  /** Logs an event and sends its webhooks; the promise settles when they were delivered. */
  function record(p: SimPayment, name: SimEvent['name'], amount: number, idempotencyKey: string | null): Promise<void> {
    const event: SimEvent = { name, amount, timestamp: clock.now().toISOString(), idempotencyKey };
    p.events.push(event);
    return notify(p, event);
  }

  async function notify(p: SimPayment, event: SimEvent) {
    const type = `epayments.payment.${event.name.toLowerCase()}.v1`;
    for (const hook of webhooks.filter((w) => w.events.includes(type))) {
      const body = JSON.stringify({
        msn: options.msn,
        reference: p.reference,
        pspReference: p.pspReference,
        name: event.name,
        amount: money(event.amount),
        timestamp: event.timestamp,
        idempotencyKey: event.idempotencyKey,
        success: true,
      });
      const times = faults.duplicateWebhooks ? 2 : 1;
      for (let i = 0; i < times; i++) {
        const date = new Date(clock.nowMs()).toUTCString();
        const headers = {
          'content-type': 'application/json',
          'x-ms-date': date,
          'x-ms-content-sha256': contentHash(body),
          authorization: authorizationFor({ secret: hook.secret, url: hook.url, date, rawBody: body }),
        };
        if (faults.dropWebhooks) {
          deliveries.push({ url: hook.url, status: 'failed', body, headers });
          continue;
        }
        deliveries.push({ url: hook.url, status: await send(hook.url, headers, body), body, headers });
      }
    }
  }

  async function send(url: string, headers: Record<string, string>, body: string): Promise<number | 'failed'> {
    try {
      const res = await options.deliver(url, { method: 'POST', headers, body });
      await res.body?.cancel();
      return res.status;
    } catch {
      return 'failed';
    }
  }

  async function replay(filter: (delivery: Delivery) => boolean = () => true): Promise<number> {
    const again = deliveries.filter((d) => !d.replayed && filter(d));
    for (const d of again) {
      deliveries.push({ ...d, status: await send(d.url, d.headers, d.body), replayed: true });
    }
    return again.length;
  }

  function view(p: SimPayment) {
    expire(p);
    return {
      aggregate: {
        authorizedAmount: money(p.authorized),
        cancelledAmount: money(p.cancelled),
        capturedAmount: money(p.captured),
        refundedAmount: money(p.refunded),
      },
      amount: money(p.amount),
      state: p.state,
      paymentMethod: { type: 'WALLET' },
      profile: {},
      pspReference: p.pspReference,
      redirectUrl: `${options.publicBaseUrl}/landing?token=${encodeURIComponent(p.reference)}`,
      reference: p.reference,
    };
  }

  /** The payer approves or rejects in the app: only an open payment moves. */
  async function answer(reference: string, approved: boolean) {
    const p = payments.get(reference);
    if (!p) return;
    expire(p);
    if (p.state !== 'CREATED') return;
    const name = approved ? 'AUTHORIZED' : 'ABORTED';
    p.state = name;
    if (approved) p.authorized = p.amount;
    await record(p, name, p.amount, null);
  }

  return {
    payments,
    webhooks,
    deliveries,
    expire,
    record,
    view,
    replay,
    approve: (reference: string) => answer(reference, true),
    reject: (reference: string) => answer(reference, false),
  };
}

export type SimLedger = ReturnType<typeof createSimLedger>;

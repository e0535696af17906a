import { randomUUID } from 'node:crypto';
import { clock } from '@club/shared/clock';
import type { VippsState, WebhookEventName } from './client.ts';
import type { SimWebhooks, WebhookFaults } from './sim-webhooks.ts';

const EXPIRY_MS = 10 * 60_000;

export interface SimEvent {
  name: WebhookEventName;
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

export interface SimFaults extends WebhookFaults {
  /** every ePayment API call is answered this many (real) milliseconds later */
  delayMs: number;
  /** the next N calls matching `failOn` fail with 503 before anything happens */
  failRequests: number;
  /** the next N calls matching `failOn` are carried out, but answered with 500: the answer is lost */
  loseAnswers: number;
  /** which calls the two above hit, matched against `METHOD /path` (default: every ePayment call but test approvals) */
  failOn: RegExp;
  /** each ePayment call (`METHOD /path`) waits for what this answers before anything happens: a call held in flight */
  hold: ((call: string) => Promise<void>) | undefined;
  /** how many calls each kind of fault has hit so far */
  hits: { failed: number; lost: number };
}

export const money = (value: number) => ({ currency: 'NOK', value });

/** An error as Vipps answers it (problem+json); `fields` names what broke a rule, and why. */
export const problem = (
  status: number,
  title: string,
  code: string,
  more: { detail?: string; fields?: { name: string; reason: string }[] } = {},
) =>
  new Response(
    JSON.stringify({
      type: 'https://developer.vippsmobilepay.com/docs/APIs/epayment-api/api-errors',
      title,
      ...(more.detail ? { detail: more.detail } : {}),
      status,
      traceId: randomUUID(),
      extraDetails: [{ name: 'ErrorCode', reason: code }, ...(more.fields ?? [])],
    }),
    {
      status,
      headers: { 'content-type': 'application/problem+json' },
    },
  );

/**
 * The simulator's payments and what happens to them: each change is logged as an event and
 * published to the registered webhooks.
 */
export function createSimLedger(options: { publicBaseUrl: string; msn: string; webhooks: SimWebhooks }) {
  const payments = new Map<string, SimPayment>();
  const { webhooks } = options;

  function expire(p: SimPayment) {
    if (p.state === 'CREATED' && clock.nowMs() - p.createdAt > EXPIRY_MS) {
      p.state = 'EXPIRED';
      void record(p, 'EXPIRED', p.amount, null);
    }
  }

  /** Expires what is past its time, so its EXPIRED webhook goes out when it happens, not when someone looks. */
  function expireDue() {
    for (const p of payments.values()) expire(p);
  }

  /** Logs an event and publishes it; the promise settles when each webhook was tried once. */
  function record(p: SimPayment, name: SimEvent['name'], amount: number, idempotencyKey: string | null): Promise<void> {
    const event: SimEvent = { name, amount, timestamp: clock.now().toISOString(), idempotencyKey };
    p.events.push(event);
    return webhooks.publish(p.reference, name, {
      msn: options.msn,
      reference: p.reference,
      pspReference: p.pspReference,
      name,
      amount: money(amount),
      timestamp: event.timestamp,
      idempotencyKey,
      success: true,
    });
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
    expire,
    expireDue,
    record,
    view,
    approve: (reference: string) => answer(reference, true),
    reject: (reference: string) => answer(reference, false),
  };
}

export type SimLedger = ReturnType<typeof createSimLedger>;

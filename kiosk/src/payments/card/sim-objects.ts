import type { WebhookFaults } from './webhook-sender.ts';

/** What the card simulator keeps: Checkout Sessions and refunds, and the faults it plays. */

export interface SimSession {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'unpaid' | 'paid';
  amountTotal: number;
  currency: string;
  lines: { name: string; quantity: number; unitAmount: number }[];
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  /** what the payment intent and its charge carry */
  paymentMetadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string | null;
  created: number;
  expiresAt: number;
  paymentIntent: string | null;
  charge: string | null;
}
export interface SimRefund {
  id: string;
  amount: number;
  paymentIntent: string;
  charge: string;
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface StripeSimFaults extends WebhookFaults {
  /** every API call is answered this many (real) milliseconds later */
  delayMs: number;
  /** the next N API calls fail with 500 before anything happens */
  failRequests: number;
  /** the next N API calls are carried out, but answered with 500: the answer is lost */
  loseAnswers: number;
  /** the next N API calls are carried out, but answered only `lateAnswerMs` later: the caller may have given up */
  lateAnswers: number;
  lateAnswerMs: number;
  /** which calls the three above hit, matched against `METHOD /path` (default: every call) */
  failOn: RegExp;
}

/** A Checkout Session as Stripe's API answers it. */
export function sessionObject(s: SimSession, publicBaseUrl: string) {
  return {
    id: s.id,
    object: 'checkout.session',
    amount_subtotal: s.amountTotal,
    amount_total: s.amountTotal,
    cancel_url: s.cancelUrl,
    client_reference_id: s.clientReferenceId,
    created: s.created,
    currency: s.currency,
    customer: null,
    expires_at: s.expiresAt,
    livemode: false,
    metadata: s.metadata,
    mode: 'payment',
    payment_intent: s.paymentIntent,
    payment_method_types: ['card'],
    payment_status: s.paymentStatus,
    status: s.status,
    success_url: s.successUrl,
    url: s.status === 'open' ? `${publicBaseUrl}/pay/${s.id}` : null,
  };
}

/** A refund as Stripe's API answers it. */
export function refundObject(r: SimRefund) {
  return {
    id: r.id,
    object: 'refund',
    amount: r.amount,
    charge: r.charge,
    created: r.created,
    currency: 'nok',
    metadata: r.metadata,
    payment_intent: r.paymentIntent,
    reason: r.reason,
    status: 'succeeded',
  };
}

/** A session's charge as Stripe's `charge.refunded` event carries it, `refunded` of it given back. */
export function chargeObject(s: SimSession, refunded: number) {
  return {
    id: s.charge,
    object: 'charge',
    amount: s.amountTotal,
    amount_captured: s.amountTotal,
    amount_refunded: refunded,
    captured: true,
    created: s.created,
    currency: s.currency,
    livemode: false,
    metadata: s.paymentMetadata,
    paid: true,
    payment_intent: s.paymentIntent,
    refunded: refunded === s.amountTotal,
    status: 'succeeded',
  };
}

import { randomBytes } from 'node:crypto';
import { clock } from '@club/shared/clock';
import type { Hono } from 'hono';
import { z } from 'zod';
import { money, problem, type SimLedger, type SimPayment } from './sim-ledger.ts';

// What the routes read of a body the OpenAPI document already accepted (the simulator's gate
// checks every rule there); these only give the fields their types.
const ZCreate = z.object({
  amount: z.object({ currency: z.string(), value: z.number() }),
  reference: z.string(),
  returnUrl: z.string().optional(),
  paymentDescription: z.string().optional(),
});
const ZModification = z.object({ modificationAmount: z.object({ currency: z.string(), value: z.number() }) });

/** The ePayment API of the simulator: create, get, events, capture, refund, cancel and the test approval. */
export function simEpaymentRoutes(app: Hono, ledger: SimLedger): void {
  const { payments, expire, record, view } = ledger;
  /** What a capture or a cancel answers: the payment's amounts after it. */
  const modified = (p: SimPayment) => ({
    amount: money(p.amount),
    state: p.state,
    aggregate: view(p).aggregate,
    pspReference: p.pspReference,
    reference: p.reference,
  });
  const idempotency = new Map<string, { body: string; status: number; answer: unknown }>();

  /** Same key and body → the same answer; same key, other body → 409 (as Vipps does). */
  async function idempotent(
    key: string | undefined,
    body: string,
    run: () => Promise<Response> | Response,
  ): Promise<Response> {
    if (!key) return problem(400, 'The Idempotency-Key header is required', '400');
    const seen = idempotency.get(key);
    if (seen) {
      if (seen.body !== body) return problem(409, 'Idempotency key reused with another request', '4010');
      return new Response(JSON.stringify(seen.answer), {
        status: seen.status,
        headers: { 'content-type': 'application/json' },
      });
    }
    const res = await run();
    if (res.ok) idempotency.set(key, { body, status: res.status, answer: await res.clone().json() });
    return res;
  }

  app.post('/epayment/v1/payments', async (c) => {
    const raw = await c.req.text();
    return idempotent(c.req.header('idempotency-key'), raw, () => {
      const parsed = ZCreate.safeParse(JSON.parse(raw || '{}'));
      if (!parsed.success) return problem(400, 'Bad request', '400');
      const body = parsed.data;
      // the document allows 0; the API guide's minimum is 1 kr
      if (body.amount.value < 100) return problem(400, 'Amount too small', '6010');
      if (payments.has(body.reference)) return problem(409, 'Reference already used', '409');
      const p: SimPayment = {
        reference: body.reference,
        pspReference: String(Date.now()) + randomBytes(2).readUInt16BE(0),
        state: 'CREATED',
        amount: body.amount.value,
        authorized: 0,
        captured: 0,
        cancelled: 0,
        refunded: 0,
        returnUrl: body.returnUrl,
        description: body.paymentDescription ?? '',
        createdAt: clock.nowMs(),
        events: [],
      };
      payments.set(p.reference, p);
      void record(p, 'CREATED', p.amount, c.req.header('idempotency-key') ?? null);
      return c.json({ redirectUrl: view(p).redirectUrl, reference: p.reference }, 201);
    });
  });

  app.get('/epayment/v1/payments/:reference', (c) => {
    const p = payments.get(c.req.param('reference'));
    return p ? c.json(view(p)) : problem(404, 'Payment not found', '5090');
  });

  app.get('/epayment/v1/payments/:reference/events', (c) => {
    const p = payments.get(c.req.param('reference'));
    if (!p) return problem(404, 'Payment not found', '5090');
    expire(p);
    return c.json(
      // `paymentAction` is the older name of `name`, still required by the published OpenAPI file
      p.events.map((e) => ({
        reference: p.reference,
        pspReference: p.pspReference,
        name: e.name,
        paymentAction: e.name,
        amount: money(e.amount),
        timestamp: e.timestamp,
        idempotencyKey: e.idempotencyKey,
        success: true,
      })),
    );
  });

  app.post('/epayment/v1/payments/:reference/capture', async (c) => {
    const raw = await c.req.text();
    const key = c.req.header('idempotency-key');
    return idempotent(key, `${c.req.param('reference')}:${raw}`, () => {
      const p = payments.get(c.req.param('reference'));
      if (!p) return problem(404, 'Payment not found', '5090');
      expire(p);
      const parsed = ZModification.safeParse(JSON.parse(raw || '{}'));
      if (!parsed.success) return problem(400, 'Bad request', '4040');
      if (p.state !== 'AUTHORIZED') return problem(400, 'Capture before reservation', '6080');
      const value = parsed.data.modificationAmount.value;
      if (p.captured + value > p.authorized - p.cancelled) return problem(400, 'Capture amount too high', '6090');
      p.captured += value;
      void record(p, 'CAPTURED', value, key ?? null);
      return c.json(modified(p));
    });
  });

  app.post('/epayment/v1/payments/:reference/refund', async (c) => {
    const raw = await c.req.text();
    const key = c.req.header('idempotency-key');
    return idempotent(key, `refund:${c.req.param('reference')}:${raw}`, () => {
      const p = payments.get(c.req.param('reference'));
      if (!p) return problem(404, 'Payment not found', '5090');
      const parsed = ZModification.safeParse(JSON.parse(raw || '{}'));
      if (!parsed.success || parsed.data.modificationAmount.value < 1) return problem(400, 'Invalid amount', '4040');
      const value = parsed.data.modificationAmount.value;
      if (p.refunded + value > p.captured) return problem(400, 'Not enough refundable', '6150');
      p.refunded += value;
      void record(p, 'REFUNDED', value, key ?? null);
      return c.json(modified(p));
    });
  });

  app.post('/epayment/v1/payments/:reference/cancel', async (c) => {
    const key = c.req.header('idempotency-key');
    return idempotent(key, `cancel:${c.req.param('reference')}`, () => {
      const p = payments.get(c.req.param('reference'));
      if (!p) return problem(404, 'Payment not found', '5090');
      expire(p);
      if (p.captured >= p.amount && p.amount > 0) return problem(400, 'Cannot cancel a captured payment', '6040');
      if (p.state === 'CREATED') {
        p.state = 'TERMINATED';
        void record(p, 'TERMINATED', p.amount, key ?? null);
      } else if (p.state === 'AUTHORIZED') {
        const rest = p.authorized - p.captured - p.cancelled;
        p.cancelled += rest;
        void record(p, 'CANCELLED', rest, key ?? null);
      }
      return c.json(modified(p));
    });
  });

  app.post('/epayment/v1/test/payments/:reference/approve', async (c) => {
    const p = payments.get(c.req.param('reference'));
    if (!p) return problem(404, 'Payment not found', '5090');
    await ledger.approve(p.reference);
    return c.body(null, 200);
  });
}

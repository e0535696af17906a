import { createHmac, timingSafeEqual } from 'node:crypto';
import { type ErrorKey, statusOf } from '@club/shared/errors';
import { KIOSK_EVENTS_PATH, SIGNATURE_HEADER, ZKioskEventBatch } from '@club/shared/realtime';
import type { HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Gateway, Logger } from './gateway.ts';
import { readBodyWithin } from './read-body.ts';

/** a batch is at most a few hundred small events; more is not the kiosk */
const MAX_BODY = 1024 * 1024;
const tooLarge = { success: false, message: 'error.payload_too_large' satisfies ErrorKey };

/** Whether `header` is `sha256=<hex>` of HMAC-SHA256(secret, raw), compared in constant time. */
export function validSignature(secret: string, raw: string, header: string | undefined): boolean {
  const match = /^sha256=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  return timingSafeEqual(Buffer.from(match[1]!, 'hex'), expected);
}

/**
 * `POST /realtime/kiosk-events`: the kiosk's outbox, HMAC-signed. Unsigned or wrongly
 * signed → 401 and nothing happens; each event id is applied at most once; 200 once the
 * events went out (the kiosk marks them delivered then), 503 when the kiosk could not be
 * read (it retries).
 */
export function kioskEventsApp(gateway: Gateway, secret: string, logger: Logger): Hono<{ Bindings: HttpBindings }> {
  const app = new Hono<{ Bindings: HttpBindings }>();
  app.post(KIOSK_EVENTS_PATH, async (c) => {
    // its size before the signature is checked
    const raw = await readBodyWithin(c.env.incoming, MAX_BODY);
    if (raw === null) return c.json(tooLarge, 413);
    if (!validSignature(secret, raw, c.req.header(SIGNATURE_HEADER))) {
      logger.warn({ ip: c.req.header('x-forwarded-for') }, 'kiosk event with a missing or wrong signature refused');
      return c.json({ success: false, message: 'error.auth_required' }, 401);
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return c.json({ success: false, message: 'error.validation_failed' }, 422);
    }
    const batch = ZKioskEventBatch.safeParse(json);
    if (!batch.success) return c.json({ success: false, message: 'error.validation_failed' }, 422);
    const result = await gateway.applyKioskEvents(batch.data.events, batch.data.read);
    return c.json({ success: true, ...result }, 200);
  });
  // the kiosk retries a batch on any failure: 503 while it could not be read, 500 for a fault
  app.onError((error, c) => {
    const key = gateway.failure(error, { method: c.req.method, path: c.req.path });
    return c.json({ success: false, message: key }, statusOf(key) as ContentfulStatusCode);
  });
  app.get('/realtime/health', (c) => c.json({ success: true, ...gateway.stats() }, 200));
  return app;
}

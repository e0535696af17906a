import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, person, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';

let k: TestKiosk;
beforeAll(async () => {
  k = await startTestKiosk();
});
afterAll(() => k.close());

describe('the HTTP boundary', () => {
  it('answers health and readiness', async () => {
    expect((await k.get('/v1/health')).body).toMatchObject({ success: true });
    expect((await k.get('/v1/ready')).body).toMatchObject({
      success: true,
      database: expect.stringMatching(/pglite|postgres/),
    });
  });

  it('answers an unknown path with error.not_found', async () => {
    expect(await k.get('/v1/no/such/thing')).toMatchObject({
      status: 404,
      body: { success: false, message: 'error.not_found' },
    });
  });

  it('refuses an oversized body with error.payload_too_large', async () => {
    const res = await fetch(`${k.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify({ email: 'a@b.no', password: 'x'.repeat(400_000) }),
    }).catch((error: unknown) => error);
    // the server may answer before reading the whole body; either way nothing breaks
    if (res instanceof Response) {
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ message: 'error.payload_too_large' });
    }
    expect((await k.get('/v1/health')).status).toBe(200);
  });

  it('refuses an oversized body sent in chunks, without a stated length, with error.payload_too_large', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 6) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await fetch(`${k.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', connection: 'close' },
      body,
      duplex: 'half',
    } as RequestInit).catch((error: unknown) => error);
    if (res instanceof Response) {
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ message: 'error.payload_too_large' });
    }
    expect((await k.get('/v1/health')).status).toBe(200);
  });

  it('reads a small body sent in chunks like one with a stated length', async () => {
    const text = JSON.stringify({ email: 'nobody@example.no', password: 'wrong-password' });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text.slice(0, 10)));
        controller.enqueue(new TextEncoder().encode(text.slice(10)));
        controller.close();
      },
    });
    const res = await fetch(`${k.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([
      401,
      'error.invalid_credentials',
    ]);
  });

  it('says in Server-Timing when a write’s events were written, and nothing on a read', async () => {
    const admin = await k.login(ADMIN.email, ADMIN.password);
    const timingOf = async (path: string, body?: unknown) => {
      const res = await fetch(`${k.url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      return res.headers.get('server-timing');
    };
    const timing = await timingOf('/v1/table/create', { name: 'Timed', capacity: 2, price_per_minute: 100 });
    expect(Number(/^events;dur=([\d.]+)$/.exec(timing ?? '')?.[1]), String(timing)).toBeGreaterThan(0);
    expect(await timingOf('/v1/table/all')).toBeNull();
  });

  it('sets security headers', async () => {
    const res = await fetch(`${k.url}/v1/health`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('describes every route in OpenAPI generated from the zod schemas, and serves a docs page', async () => {
    const doc = (await (await fetch(`${k.url}/v1/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    const calls = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    for (const call of [
      'POST /v1/auth/register',
      'POST /v1/auth/login',
      'POST /v1/auth/logout',
      'POST /v1/auth/verify/send',
      'POST /v1/auth/verify',
      'POST /v1/auth/reset-password',
      'POST /v1/auth/reset-password/continue',
      'POST /v1/user/change-password',
      'GET /v1/user/all',
      'GET /v1/user/all-without-pagination',
      'GET /v1/user/{id}',
      'POST /v1/user/update',
      'GET /v1/user/profile',
      'GET /v1/user/my-active-subscription',
      'GET /v1/user/my-subscriptions',
      'GET /v1/user/guests',
      'POST /v1/user/delete/{id}',
      'POST /v1/user/create',
      'GET /v1/health',
      'GET /v1/ready',
    ]) {
      expect(calls).toContain(call);
    }
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['User', 'Failure', 'RegisterBody']));
    const page = await fetch(`${k.url}/v1/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/v1/docs/swagger-ui-bundle.js');
    const bundle = await fetch(`${k.url}/v1/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
  });
});

describe('when the database is gone', () => {
  it('answers /ready with 503 error.service_unavailable, and never crashes', async () => {
    const broken = await startTestKiosk();
    try {
      await broken.kiosk.database.close();
      expect(await broken.get('/v1/ready')).toMatchObject({
        status: 503,
        body: { success: false, message: 'error.service_unavailable' },
      });
      const login = await broken.post('/v1/auth/login', { email: ADMIN.email, password: ADMIN.password });
      expect(login.status).toBeGreaterThanOrEqual(500);
      expect(login.body.message).toMatch(/^error\.(service_unavailable|internal)$/);
      expect(JSON.stringify(login.body)).not.toMatch(/stack|pglite|closed/i);
      expect((await broken.get('/v1/health')).status).toBe(200);
    } finally {
      await broken.close().catch(() => {});
    }
  });
});

describe('rate limits', () => {
  it('answers 429 error.rate_limited after too many logins, then recovers', async () => {
    const limited = await startTestKiosk({ env: { AUTH_RATE_LIMIT: '3', AUTH_RATE_WINDOW_MS: '1000' } });
    try {
      const attempt = () => limited.post('/v1/auth/login', { email: ADMIN.email, password: 'wrong password' });
      for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
      expect(await attempt()).toMatchObject({ status: 429, body: { success: false, message: 'error.rate_limited' } });
      // registration and reset have limits of their own
      for (let i = 0; i < 3; i++) await limited.post('/v1/auth/register', person());
      expect((await limited.post('/v1/auth/register', person())).body.message).toBe('error.rate_limited');
      for (let i = 0; i < 3; i++) await limited.post('/v1/auth/reset-password', { email: 'x@y.no' });
      expect((await limited.post('/v1/auth/reset-password', { email: 'x@y.no' })).body.message).toBe(
        'error.rate_limited',
      );
      await new Promise((r) => setTimeout(r, 1100));
      expect((await limited.post('/v1/auth/login', { email: ADMIN.email, password: ADMIN.password })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

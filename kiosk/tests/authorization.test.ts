import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, newPlayer, startTestKiosk, type TestKiosk, verifyAddress } from './harness.ts';

/**
 * The authorization walk, generated from the kiosk's own route table: every operation in
 * the OpenAPI document declares `x-access`, and is called anonymously and as a plain user.
 * A new route without a declared access, or an admin call that forgets its guard, fails here.
 */
let k: TestKiosk;
let player: string;
type Operation = { method: string; path: string; access: string | undefined; verified: boolean };
let operations: Operation[] = [];

beforeAll(async () => {
  k = await startTestKiosk();
  player = (await newPlayer(k)).token;
  const doc = (await (await fetch(`${k.url}/v1/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { 'x-access'?: string; 'x-verified'?: boolean }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      access: op['x-access'],
      verified: op['x-verified'] === true,
    })),
  );
});
afterAll(() => k.close());

const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '1');
const call = (op: Operation, token?: string) =>
  k.call(op.method, concrete(op.path), { token, ...(op.method === 'POST' ? { body: {} } : {}) });

describe('the authorization walk', () => {
  it('finds every route, each with a declared access', () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(operations.filter((op) => !['public', 'user', 'admin', 'gateway'].includes(op.access ?? ''))).toEqual([]);
  });

  it('refuses anonymous callers on every user and admin call (401 error.auth_required)', async () => {
    const wrong: string[] = [];
    for (const op of operations.filter((o) => o.access !== 'public')) {
      const answer = await call(op);
      if (answer.status !== 401 || answer.body.message !== 'error.auth_required')
        wrong.push(`${op.method} ${op.path} → ${answer.status} ${answer.body.message}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses plain users on every admin call (403 error.forbidden)', async () => {
    const wrong: string[] = [];
    for (const op of operations.filter((o) => o.access === 'admin')) {
      const answer = await call(op, player);
      if (answer.status !== 403 || answer.body.message !== 'error.forbidden')
        wrong.push(`${op.method} ${op.path} → ${answer.status} ${answer.body.message}`);
    }
    expect(wrong).toEqual([]);
  });

  it('holds an unverified account back from playing, buying and paying (403 error.email_not_verified)', async () => {
    const needProof = [
      'POST /v1/game/join',
      'POST /v1/game/join-guest',
      'POST /v1/order/init',
      'POST /v1/order/pay',
      'POST /v1/order/transfer',
      'POST /v1/payment/vipps/init',
      'POST /v1/payment/card/init',
      'POST /v1/payment/physical',
      'POST /v1/cart/add',
    ];
    const marked = operations.filter((op) => op.verified).map((op) => `${op.method} ${op.path}`);
    expect(marked).toEqual(expect.arrayContaining(needProof));
    const fresh = await newPlayer(k, {}, { verified: false });
    const wrong: string[] = [];
    for (const op of operations.filter((o) => o.verified)) {
      const answer = await call(op, fresh.token);
      if (answer.status !== 403 || answer.body.message !== 'error.email_not_verified')
        wrong.push(`${op.method} ${op.path} → ${answer.status} ${answer.body.message}`);
    }
    expect(wrong).toEqual([]);

    // with a real table: nothing happens until the address is proven, then it plays
    const admin = await k.login(ADMIN.email, ADMIN.password);
    const table = (await k.post('/v1/table/create', { name: 'Bevis', capacity: 2, price_per_minute: 100 }, admin)).body
      .table as { id: number };
    expect(await k.post('/v1/game/join', { table_id: table.id }, fresh.token)).toMatchObject({
      status: 403,
      body: { success: false, message: 'error.email_not_verified' },
    });
    expect((await k.get('/v1/game/active', fresh.token)).body.game ?? null).toBeNull();
    await verifyAddress(k, fresh.body.email);
    expect((await k.post('/v1/game/join', { table_id: table.id }, fresh.token)).status).toBe(200);
    for (const op of operations.filter((o) => o.verified)) {
      const answer = await call(op, fresh.token);
      expect(answer.body.message, `${op.method} ${op.path}`).not.toBe('error.email_not_verified');
    }
  });

  it('keeps the gateway’s calls (shared secret) from everyone else, logged in or not', async () => {
    for (const op of operations.filter((o) => o.access === 'gateway')) {
      for (const token of [undefined, player])
        expect((await call(op, token)).status, `${op.method} ${op.path}`).toBe(401);
    }
  });

  it('lets anyone reach the public calls, and never answers 5xx to anyone', async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      for (const token of [undefined, player]) {
        const answer = await call(op, token);
        if (
          answer.status >= 500 ||
          (op.access === 'public' && answer.status === 401 && op.path !== '/v1/payment/vipps/webhook')
        ) {
          wrong.push(
            `${op.method} ${op.path} (${token ? 'user' : 'anonymous'}) → ${answer.status} ${answer.body.message}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPlayer, startTestKiosk, type TestKiosk } from './harness.ts';

/**
 * The authorization walk, generated from the kiosk's own route table: every operation in
 * the OpenAPI document declares `x-access`, and is called anonymously and as a plain user.
 * A new route without a declared access, or an admin call that forgets its guard, fails here.
 */
let k: TestKiosk;
let player: string;
type Operation = { method: string; path: string; access: string | undefined };
let operations: Operation[] = [];

beforeAll(async () => {
  k = await startTestKiosk();
  player = (await newPlayer(k)).token;
  const doc = (await (await fetch(`${k.url}/v1/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { 'x-access'?: string }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, access: op['x-access'] })),
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

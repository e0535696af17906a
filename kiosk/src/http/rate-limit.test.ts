import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';

/**
 * Who a request comes from, for the rate limits: the socket's address, or behind
 * TRUST_PROXY=<hops> proxies the X-Forwarded-For entry that many places from the right
 * (each proxy appends the address it saw; whatever stands left of that, the client wrote).
 * Failed logins and password changes are also limited per account, from any address.
 */
const started = new Map<string, Promise<TestKiosk>>();
afterAll(async () => Promise.all([...started.values()].map(async (k) => (await k).close())));
/** One kiosk per proxy setting, shared by the tests (each uses addresses and accounts of its own). */
function kiosk(env: { TRUST_PROXY?: string }) {
  const key = env.TRUST_PROXY ?? '';
  if (!started.has(key))
    started.set(key, startTestKiosk({ env: { AUTH_RATE_LIMIT: '3', AUTH_RATE_WINDOW_MS: '60000', ...env } }));
  return started.get(key)!;
}

let spoof = 0;
/** A reset request through proxies: `chain` is the X-Forwarded-For header as the kiosk receives it. */
const reset = (k: TestKiosk, chain: string) =>
  k.call('POST', '/v1/auth/reset-password', {
    body: { email: `someone.${++spoof}@example.no` },
    headers: { 'x-forwarded-for': chain },
  });
const login = (k: TestKiosk, from: string, email: string, password: string) =>
  k.call('POST', '/v1/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': from } });

describe('the client address behind proxies', { timeout: 60_000 }, () => {
  it('with one trusted proxy takes the last entry: a client writing its own entries is still limited', async () => {
    const k = await kiosk({ TRUST_PROXY: '1' });
    for (let i = 0; i < 3; i++) expect((await reset(k, `10.0.0.${i}, 203.0.113.7`)).status).toBe(200);
    expect(await reset(k, '10.9.9.9, 203.0.113.7')).toMatchObject({
      status: 429,
      body: { message: 'error.rate_limited' },
    });
    expect(await reset(k, '203.0.113.7')).toMatchObject({ status: 429 });
    // another client behind the same proxy has its own allowance
    expect((await reset(k, '203.0.113.7, 198.51.100.4')).status).toBe(200);
  });

  it('with two trusted proxies takes the second entry from the right', async () => {
    const k = await kiosk({ TRUST_PROXY: '2' });
    for (let i = 0; i < 3; i++) expect((await reset(k, `10.0.0.${i}, 203.0.113.7, 192.0.2.1`)).status).toBe(200);
    expect((await reset(k, '10.1.1.1, 203.0.113.7, 192.0.2.2')).status).toBe(429);
    expect((await reset(k, '203.0.113.8, 192.0.2.1')).status).toBe(200);
  });

  it('without a trusted proxy ignores the header and uses the socket address', async () => {
    const k = await kiosk({});
    for (let i = 0; i < 3; i++) expect((await reset(k, `10.0.0.${i}`)).status).toBe(200);
    expect((await reset(k, '10.0.0.250')).status).toBe(429);
  });

  it('takes a hop count, not a yes/no', async () => {
    const { loadConfig } = await import('../config.ts');
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({}).TRUST_PROXY).toBe(0);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/);
  });
});

describe('limits per account, whatever the address', { timeout: 60_000 }, () => {
  it('stops guessing one account’s password from many addresses, and successful logins do not count', async () => {
    const k = await kiosk({ TRUST_PROXY: '1' });
    for (let i = 0; i < 4; i++)
      expect((await login(k, `198.51.100.${10 + i}`, ADMIN.email, ADMIN.password)).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await login(k, `203.0.113.${20 + i}`, ADMIN.email, 'a wrong guess')).status).toBe(401);
    }
    expect(await login(k, '203.0.113.200', ADMIN.email, 'another guess')).toMatchObject({
      status: 429,
      body: { message: 'error.rate_limited' },
    });
    expect((await login(k, '192.0.2.77', ADMIN.email, ADMIN.password)).status).toBe(429);
  });

  it('stops guessing the current password on change-password, across sessions and addresses', async () => {
    const k = await kiosk({ TRUST_PROXY: '1' });
    const p = await newPlayer(k);
    const other = await k.login(p.body.email, p.body.password);
    const change = (token: string, from: string, current: string) =>
      k.call('POST', '/v1/user/change-password', {
        token,
        headers: { 'x-forwarded-for': from },
        body: {
          current_password: current,
          password: 'a new long passphrase',
          password_confirmation: 'a new long passphrase',
        },
      });
    for (let i = 0; i < 3; i++) {
      expect((await change(i % 2 ? other : p.token, `203.0.113.${40 + i}`, 'not it')).body.message).toBe(
        'error.current_password_wrong',
      );
    }
    expect(await change(other, '192.0.2.50', p.body.password)).toMatchObject({
      status: 429,
      body: { message: 'error.rate_limited' },
    });
    // another account is not held back
    const q = await newPlayer(k);
    expect((await change(q.token, '192.0.2.51', q.body.password)).status).toBe(200);
  });
});

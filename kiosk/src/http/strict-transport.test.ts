import { afterAll, describe, expect, it } from 'vitest';
import { startTestKiosk, type TestKiosk } from '../../tests/harness.ts';

/** HSTS behind https, and never over plain http. */
const started: TestKiosk[] = [];
afterAll(() => Promise.all(started.map((k) => k.close())));
async function kiosk(env: Record<string, string>) {
  const k = await startTestKiosk({ env });
  started.push(k);
  return k;
}
const hsts = async (k: TestKiosk, path: string, headers: Record<string, string> = {}) =>
  (await fetch(`${k.url}${path}`, { headers })).headers.get('strict-transport-security');

describe('Strict-Transport-Security', () => {
  it('is not sent over plain http, whatever a client claims without a trusted proxy', async () => {
    const k = await kiosk({ PUBLIC_URL: 'http://club.test' });
    for (const path of ['/v1/health', '/v1/no/such/thing', '/v1/order/1']) {
      expect(await hsts(k, path), path).toBeNull();
      expect(await hsts(k, path, { 'x-forwarded-proto': 'https' }), path).toBeNull();
    }
  });

  it('is sent when a trusted proxy says the request came over https', async () => {
    const k = await kiosk({ PUBLIC_URL: 'http://club.test', TRUST_PROXY: '1' });
    expect(await hsts(k, '/v1/health', { 'x-forwarded-proto': 'https' })).toMatch(/^max-age=31536000/);
    expect(await hsts(k, '/v1/order/1', { 'x-forwarded-proto': 'https' })).toMatch(/^max-age=31536000/);
    expect(await hsts(k, '/v1/health', { 'x-forwarded-proto': 'http' })).toBeNull();
    expect(await hsts(k, '/v1/health')).toBeNull();
  });

  it('is always sent when the club’s public address is https', async () => {
    const k = await kiosk({ PUBLIC_URL: 'https://club.example' });
    expect(await hsts(k, '/v1/health')).toMatch(/^max-age=31536000; includeSubDomains/);
    expect(await hsts(k, '/v1/no/such/thing')).toMatch(/^max-age=31536000/);
  });
});

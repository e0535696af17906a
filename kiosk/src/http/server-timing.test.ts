import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';

let k: TestKiosk;
let admin: string;
beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

const timingOf = async (path: string, body?: unknown) => {
  const res = await fetch(`${k.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return res.headers.get('server-timing');
};

describe('Server-Timing', () => {
  it('says when a write’s events were written, and nothing on a read', async () => {
    const timing = await timingOf('/v1/table/create', { name: 'Timed', capacity: 2, price_per_minute: 100 });
    const dur = Number(/^events;dur=([\d.]+)$/.exec(timing ?? '')?.[1]);
    expect(dur, String(timing)).toBeGreaterThan(0);
    expect(await timingOf('/v1/table/all')).toBeNull();
  });
});

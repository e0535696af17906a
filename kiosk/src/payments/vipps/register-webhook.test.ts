import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVippsClient, KIOSK_WEBHOOK_EVENTS } from './client.ts';
import { registerClubWebhook } from './register-webhook.ts';
import { createVippsSimulator, type VippsSimulator } from './simulator.ts';

/** Registering the club's webhook once, as production does with Vipps: here against the simulator on a port. */
let sim: VippsSimulator;
let server: ServerType;
let base: string;
const credentials = { clientId: 'club-id', clientSecret: 'club-secret', subscriptionKey: 'club-key' };

beforeAll(async () => {
  sim = createVippsSimulator({ publicBaseUrl: 'http://sim.test', credentials, msn: '654321' });
  server = await new Promise((resolve) => {
    const s = serve({ fetch: sim.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  sim.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('registering the club’s Vipps webhook', () => {
  it('registers PUBLIC_URL’s webhook once, keeps an existing one unless told to replace it', async () => {
    const client = createVippsClient({ baseUrl: base, ...credentials, msn: '654321' });
    const first = await registerClubWebhook(client, 'https://klubb.example.no/', false);
    expect(first).toMatchObject({ done: true, url: 'https://klubb.example.no/v1/payment/vipps/webhook', removed: [] });
    expect(sim.registrations()).toEqual([
      {
        id: expect.any(String),
        url: 'https://klubb.example.no/v1/payment/vipps/webhook',
        events: KIOSK_WEBHOOK_EVENTS,
      },
    ]);
    const again = await registerClubWebhook(client, 'https://klubb.example.no', false);
    expect(again).toEqual({ done: false, url: first.url, existing: [sim.registrations()[0]!.id] });
    const replaced = await registerClubWebhook(client, 'https://klubb.example.no', true);
    expect(replaced).toMatchObject({ done: true, removed: again.done ? [] : again.existing });
    expect(sim.registrations().map((r) => r.id)).toEqual([replaced.done ? replaced.id : '']);
  });

  it('npm run vipps:webhook prints the secret for VIPPS_WEBHOOK_SECRET, and names what is missing', async () => {
    const cli = fileURLToPath(new URL('./register-webhook-cli.ts', import.meta.url));
    const run = (env: Record<string, string>) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', cli], { env: { PATH: process.env.PATH ?? '', ...env } })
        .then((r) => ({ code: 0, out: r.stdout, err: r.stderr }))
        .catch((e: { code: number; stdout: string; stderr: string }) => ({
          code: e.code,
          out: e.stdout,
          err: e.stderr,
        }));
    const env = {
      PUBLIC_URL: 'https://cli.example.no',
      VIPPS_BASE_URL: base,
      VIPPS_CLIENT_ID: credentials.clientId,
      VIPPS_CLIENT_SECRET: credentials.clientSecret,
      VIPPS_SUBSCRIPTION_KEY: credentials.subscriptionKey,
      VIPPS_MSN: '654321',
    };
    const done = await run(env);
    expect(done.code, done.err).toBe(0);
    const secret = /VIPPS_WEBHOOK_SECRET=(\S+)/.exec(done.out)?.[1];
    expect(secret).toBeTruthy();
    expect(sim.registrations().map((r) => r.url)).toContain('https://cli.example.no/v1/payment/vipps/webhook');
    expect((await run(env)).code).toBe(1);
    const { VIPPS_MSN: _, ...noMsn } = env;
    const missing = await run(noMsn);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('VIPPS_MSN');
  });
});

/**
 * The entry points as processes: `main.ts` and the gateway's `realtime/src/main.ts` with
 * NODE_ENV=production stop before opening anything, with one line naming what is unsafe;
 * `npm start`'s demo (no NODE_ENV) still seeds its club and logins.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startNodeProcess, waitUntilReady } from '../support/node-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'club-production-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `script` to its end; its exit code and what it printed. */
async function run(script: string, env: Record<string, string>) {
  const proc = startNodeProcess(script, env);
  const stopped = setTimeout(() => proc.child.kill('SIGKILL'), 60_000);
  await proc.exited();
  clearTimeout(stopped);
  return { code: proc.child.exitCode, lines: proc.output().trim().split('\n') };
}

describe('a production start', () => {
  it('of main.ts stops with one line naming every unsafe variable, and writes nothing', async () => {
    const dataDir = join(dir, 'kiosk-data');
    const { code, lines } = await run('main.ts', { NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Refusing to start with NODE_ENV=production: /);
    for (const name of ['SMTP_URL', 'PUBLIC_URL', 'VIPPS_BASE_URL', 'STRIPE_SECRET_KEY']) {
      expect(lines[0]).toContain(`${name} (`);
    }
    // the demo is not implied in production: nothing to refuse about it
    expect(lines[0]).not.toContain('DEMO');
    expect(existsSync(dataDir)).toBe(false);
  });

  it('of main.ts refuses the demo club when it is asked for', async () => {
    const { code, lines } = await run('main.ts', {
      NODE_ENV: 'production',
      DEMO: '1',
      PUBLIC_URL: 'https://klubb.example.no',
      SMTP_URL: 'smtp://127.0.0.1:1',
      PAYMENTS_SIMULATOR: '1',
      VAPID_PUBLIC_KEY: 'BA49pwHz-26Zoh5u5JcITKVgn4wEHVyWqHZoQfU4rtNGn5fwPEU8SLd8QXBwUOLgHhHgGHHbuPlCtiMiavKkaXc',
      VAPID_PRIVATE_KEY: '-vye0HwligaPcee5EteDUEigtjnMwn_RoKOp9v7DG80',
      VAPID_SUBJECT: 'mailto:drift@klubb.example.no',
      DATA_DIR: join(dir, 'demo-data'),
    });
    expect(code).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(/^Refusing to start with NODE_ENV=production: DEMO \(would seed the demo club[^)]*\)$/),
    ]);
  });

  it('of the gateway stops on a known-default key without echoing it', async () => {
    const { code, lines } = await run('realtime/src/main.ts', {
      NODE_ENV: 'production',
      KIOSK_URL: 'http://127.0.0.1:1',
      PUBLIC_URL: 'https://klubb.example.no',
      GATEWAY_SECRET: 'change-me-to-a-long-random-secret',
    });
    expect(code).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(/^Refusing to start with NODE_ENV=production: GATEWAY_SECRET \(a known default/),
    ]);
    expect(lines[0]).not.toContain('change-me-to-a-long-random-secret');
  });
});

/** The local port of the connection a GET of `url` went over. */
function connectionOf(url: string, agent: Agent): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { agent }, (answer) => {
      const port = answer.socket.localPort;
      answer.resume();
      answer.on('end', () => resolve(port));
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('the demo (npm start, no NODE_ENV)', () => {
  it('still seeds the demo club, lets its admin log in, and keeps an idle connection open past 5 s', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const demo = startNodeProcess('main.ts', {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'demo'),
      WEB_DIST: join(dir, 'no-web'),
    });
    try {
      await waitUntilReady(demo, async () => (await fetch(`${url}/v1/ready`)).ok, 'the demo');
      const login = await fetch(`${url}/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@cueclub.demo', password: 'klubb-admin' }),
      });
      expect(login.status).toBe(200);
      expect(demo.output()).toContain('admin@cueclub.demo');

      // a client that keeps its connection 6 s without asking finds it still open: had the
      // server closed it at Node's 5 s, a request sent as it closes is reset unanswered
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const first = await connectionOf(`${url}/v1/health`, agent);
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await connectionOf(`${url}/v1/health`, agent)).toBe(first);
      agent.destroy();
    } finally {
      await demo.stop();
    }
  });
});

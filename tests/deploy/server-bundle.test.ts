/**
 * The compiled server as the Docker image runs it: `npm run build:server`'s bundles started
 * with plain `node` (no tsx), from a folder outside the repository, with NODE_ENV=production
 * and a production-valid configuration: the kiosk (split, PGlite in a temporary folder) and
 * a standalone gateway, an SMTP server for the mail. A registration's link reaches the
 * mailbox and nowhere in the processes' output.
 */
import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, type Mailbox, person, startMailbox } from '../../kiosk/tests/harness.ts';
import { freePort, type NodeProcess, startNodeProcess, waitUntilReady } from '../support/node-process.ts';
import { ROOT } from './repo-files.ts';

// a folder of this run's own, so parallel runs and `dist/server` are left alone
const OUT = `dist/test-server-${process.pid}`;
const SECRET = randomBytes(32).toString('hex');
let dir: string;
let mailbox: Mailbox;
let kiosk: NodeProcess;
let gateway: NodeProcess;
let kioskUrl: string;
let gatewayUrl: string;

beforeAll(async () => {
  execFileSync(process.execPath, ['scripts/build-server.mjs', OUT], { cwd: ROOT, stdio: 'pipe' });
  dir = mkdtempSync(join(tmpdir(), 'club-bundle-'));
  mailbox = await startMailbox();
  const [kioskPort, gatewayPort] = [await freePort(), await freePort()];
  kioskUrl = `http://127.0.0.1:${kioskPort}`;
  gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const compiled = { nodeArgs: ['--enable-source-maps'], cwd: dir };
  const production = { NODE_ENV: 'production', HOST: '127.0.0.1', PUBLIC_URL: 'https://klubb.example.no' };
  kiosk = startNodeProcess(
    join(ROOT, OUT, 'main.mjs'),
    {
      ...production,
      PORT: String(kioskPort),
      DATA_DIR: join(dir, 'data'),
      SMTP_URL: mailbox.url,
      PAYMENTS_SIMULATOR: '1',
      GATEWAY_URL: gatewayUrl,
      GATEWAY_SECRET: SECRET,
      AUTH_RATE_LIMIT: '1000',
      ...vapidKeys(),
    },
    compiled,
  );
  gateway = startNodeProcess(
    join(ROOT, OUT, 'gateway.mjs'),
    { ...production, PORT: String(gatewayPort), KIOSK_URL: kioskUrl, GATEWAY_SECRET: SECRET },
    compiled,
  );
  await waitUntilReady(kiosk, async () => (await fetch(`${kioskUrl}/v1/ready`)).ok, 'the compiled kiosk');
  await waitUntilReady(gateway, async () => (await fetch(`${gatewayUrl}/health`)).ok, 'the compiled gateway');
});

afterAll(async () => {
  await kiosk?.stop();
  await gateway?.stop();
  await mailbox?.close();
  rmSync(join(ROOT, OUT), { recursive: true, force: true });
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('holds our code, not TypeScript, and imports npm packages from node_modules', () => {
    for (const bundle of ['main.mjs', 'gateway.mjs']) {
      const code = readFileSync(join(ROOT, OUT, bundle), 'utf8');
      expect(code).not.toMatch(/from ["'](tsx|@club\/[^"']+)["']/);
      expect(code).not.toMatch(/from ["'][^"']+\.ts["']/);
    }
  });

  it('finds the migrations beside it and the web build in web/dist, wherever it is started from', () => {
    const bundle = join(ROOT, OUT, 'main.mjs');
    const code = readFileSync(bundle, 'utf8');
    const webDist = /process\.env\.WEB_DIST \?\?= __clubPath\(new URL\(("[^"]+"), import\.meta\.url\)\)/.exec(
      code,
    )?.[1];
    expect(webDist).toBeDefined();
    expect(fileURLToPath(new URL(JSON.parse(webDist!), pathToFileURL(bundle)))).toBe(join(ROOT, 'web/dist'));
    expect(existsSync(join(ROOT, OUT, 'drizzle/meta/_journal.json'))).toBe(true);
  });

  it('starts in production and answers its health checks, the kiosk with its migrated database', async () => {
    const health = await (await fetch(`${kioskUrl}/v1/health`)).json();
    expect(health).toMatchObject({ success: true, database: 'up' });
    expect((await fetch(`${gatewayUrl}/health`)).status).toBe(200);
    expect((await fetch(`${kioskUrl}/v1/openapi.json`)).status).toBe(200);
  });

  it('warns that no real money is taken with PAYMENTS_SIMULATOR=1', () => {
    expect(kiosk.output()).toMatch(/PAYMENTS_SIMULATOR=1: VIPPS_BASE_URL[^\n]*no real money is taken/);
    expect(kiosk.output()).toMatch(/PAYMENTS_SIMULATOR=1: STRIPE_SECRET_KEY[^\n]*no real money is taken/);
  });

  it('sends the verification link by SMTP and never prints it', async () => {
    const body = person();
    const answer = await fetch(`${kioskUrl}/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(answer.status).toBe(200);
    const { token } = linkIn(await mailbox.next(body.email, 30_000));
    const printed = kiosk.output() + gateway.output();
    expect(printed).not.toContain(token);
    expect(printed).not.toContain(encodeURIComponent(token));
    expect(printed).not.toContain('/verify/');
  });

  it('refuses an unsafe start the same way as the source', () => {
    let refusal = '';
    try {
      execFileSync(process.execPath, [join(ROOT, OUT, 'main.mjs')], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', DEMO: '1' },
        stdio: 'pipe',
      });
    } catch (error) {
      refusal = String((error as { stderr: Buffer }).stderr).trim();
    }
    expect(refusal.split('\n')).toHaveLength(1);
    expect(refusal).toMatch(/^Refusing to start with NODE_ENV=production: DEMO \(/);
  });
});

/** A VAPID key pair for Web Push, as `web-push generate-vapid-keys` makes one (P-256, base64url). */
function vapidKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
    VAPID_PRIVATE_KEY: ecdh.getPrivateKey().toString('base64url'),
    VAPID_SUBJECT: 'mailto:drift@klubb.example.no',
  };
}

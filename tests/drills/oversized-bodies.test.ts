/**
 * Drill: bodies far larger than any route takes, sent chunked (no length to refuse up front)
 * to the real kiosk and gateway processes, twenty at once. Each is refused with 413
 * `error.payload_too_large` once its limit is passed while it streams in — the JSON routes'
 * before anyone is known, a photo upload's after the admin is — and neither process grows:
 * nothing holds more of a body than its limit.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { KIOSK_EVENTS_PATH } from '@club/shared/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, freshDatabase } from '../../kiosk/tests/harness.ts';
import { type GatewayProcess, startGatewayProcess } from '../cluster/gateway-process.ts';
import { call, freePort, type KioskProcess, startKioskProcess } from './support.ts';

const MB = 1024 * 1024;
/** each body: far past every limit (the largest, a product photo, is 5 MB) */
const BODY_MB = 32;
/**
 * What twenty such bodies may add to a process: they are refused, not kept. The first twenty
 * warm it up (buffers, sockets, the routes' code: 60–90 MB here; the gateway that read every
 * body whole grew 560 MB). The next twenty leave only the heap's breathing: the megabytes
 * read before each refusal are garbage the collector takes when it pleases, 10–67 MB of
 * resident memory here on a busy machine. Kept, they would be 640 MB.
 */
const FIRST_ROUND_LIMIT_MB = 200;
const GROWTH_LIMIT_MB = (20 * BODY_MB) / 5;

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

interface Sent {
  status: number;
  body: { success?: boolean; message?: string };
  sentMb: number;
}

/**
 * A pause after each megabyte has gone out: a server that answers at its limit is heard before
 * the body ends even on a busy machine (unpaced, loopback took all 32 MB in the moment before
 * the answer was read), and one that reads the whole body first still gets all of it.
 */
const PACE_MS = 20;

/** Streams a chunked body of up to `mb` megabytes, a megabyte at a time, stopping as soon as an answer arrives. */
function sendChunked(url: string, path: string, headers: Record<string, string>, mb = BODY_MB): Promise<Sent> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(MB, 'a');
    let sent = 0;
    let answered = false;
    const req = request({
      host: hostname,
      port,
      path,
      method: 'POST',
      headers: { ...headers, 'transfer-encoding': 'chunked' },
    });
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.on('data', (d: Buffer) => {
        text += d.toString();
      });
      res.on('end', () => {
        req.destroy();
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), sentMb: sent });
        } catch {
          resolve({ status: res.statusCode ?? 0, body: { message: text.slice(0, 200) }, sentMb: sent });
        }
      });
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      if (answered) return;
      if (sent === mb) {
        req.end();
        return;
      }
      sent++;
      const next = () => setTimeout(pump, PACE_MS);
      if (req.write(chunk)) next();
      else req.once('drain', next);
    };
    pump();
  });
}

const SECRET = 'oversized-bodies-drill-gateway-secret-0123456789';

describe('oversized bodies', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let kiosk: KioskProcess;
  let gateway: GatewayProcess;
  let admin: string;

  beforeAll(async () => {
    // a database of the drill's own on the run's PostgreSQL server; the kiosk process migrates it
    db = await freshDatabase();
    kiosk = await startKioskProcess({
      DATABASE_URL: db.url!,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      GATEWAY_SECRET: SECRET,
    });
    gateway = await startGatewayProcess(await freePort(), { KIOSK_URL: kiosk.url, GATEWAY_SECRET: SECRET });
    const login = await call(kiosk.url, 'POST', '/v1/auth/login', {
      body: { email: ADMIN.email, password: ADMIN.password },
    });
    admin = login.body.token as string;
  }, 150_000);

  afterAll(async () => {
    await gateway?.kill('SIGTERM');
    await kiosk?.kill();
    await db?.close();
  }, 60_000);

  /**
   * Twenty at once, after twenty the same to warm up (the first of anything allocates what it
   * keeps); answers them and how much the process grew.
   */
  async function twenty(pid: number, send: (i: number) => Promise<Sent>) {
    const round = () => Promise.all(Array.from({ length: 20 }, (_, i) => send(i)));
    const start = rssMb(pid);
    await round();
    const before = rssMb(pid);
    const answers = await round();
    const after = rssMb(pid);
    console.log(`first round +${(before - start).toFixed(1)} MB, second round +${(after - before).toFixed(1)} MB`);
    return { answers, grewMb: after - before, firstMb: before - start };
  }

  it('the kiosk refuses each with 413 while it streams in, and does not keep them', async () => {
    const pid = kiosk.process.child.pid!;
    const json = { 'content-type': 'application/json' };
    const form = { 'content-type': 'multipart/form-data; boundary=x' };
    // JSON routes before anyone is known (login, an admin's), a photo upload once the admin is
    const targets = [
      () => sendChunked(kiosk.url, '/v1/auth/login', json),
      () => sendChunked(kiosk.url, '/v1/table/create', json),
      () => sendChunked(kiosk.url, '/v1/settings/reservations', { ...json, authorization: `Bearer ${admin}` }),
      () => sendChunked(kiosk.url, '/v1/product/image', { ...form, authorization: `Bearer ${admin}` }),
    ];
    const { answers, grewMb, firstMb } = await twenty(pid, (i) => targets[i % targets.length]!());
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer)).toBe(413);
      expect(answer.body).toMatchObject({ success: false, message: 'error.payload_too_large' });
      expect(answer.sentMb).toBeLessThan(BODY_MB);
    }
    expect(firstMb, `the kiosk grew by ${firstMb.toFixed(0)} MB`).toBeLessThan(FIRST_ROUND_LIMIT_MB);
    expect(grewMb, `the kiosk grew by ${grewMb.toFixed(0)} MB more`).toBeLessThan(GROWTH_LIMIT_MB);
    // an upload is read only for an admin: anyone else is refused before a byte of it is kept
    const anonymous = await sendChunked(kiosk.url, '/v1/product/image', form);
    expect(anonymous.status).toBe(401);
    expect(kiosk.alive()).toBe(true);
    expect((await call(kiosk.url, 'GET', '/v1/ready')).status).toBe(200);
  });

  it('the gateway refuses each unsigned body with 413 before checking its signature, and does not keep them', async () => {
    const pid = gateway.process.child.pid!;
    const { answers, grewMb, firstMb } = await twenty(pid, () =>
      sendChunked(gateway.url, KIOSK_EVENTS_PATH, { 'content-type': 'application/json' }),
    );
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer)).toBe(413);
      expect(answer.body).toMatchObject({ success: false, message: 'error.payload_too_large' });
      expect(answer.sentMb).toBeLessThan(BODY_MB);
    }
    expect(firstMb, `the gateway grew by ${firstMb.toFixed(0)} MB`).toBeLessThan(FIRST_ROUND_LIMIT_MB);
    expect(grewMb, `the gateway grew by ${grewMb.toFixed(0)} MB more`).toBeLessThan(GROWTH_LIMIT_MB);
    expect((await gateway.health()).ready).toBe(true);
  });
});

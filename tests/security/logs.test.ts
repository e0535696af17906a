/**
 * Tokens never appear in logs. The real kiosk and the real realtime gateway
 * log at `trace` into memory (as do stdout and stderr) while people register, verify their
 * e-mail, log in, reset a password, open sockets with their tokens and send bad tokens and
 * bad passwords; the database also goes away under a logged-in request. Afterwards no
 * bearer token, password, one-time link token, nor any of their SHA-256 hashes, may be
 * found anywhere in what was written.
 */
import { createHash } from 'node:crypto';
import { connectClient, freePort, SECRET, startGateway, type TestGateway } from '@club/realtime/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../kiosk/src/logger.ts';
import { ADMIN, linkIn, person, startTestKiosk, type TestKiosk } from '../../kiosk/tests/harness.ts';

const written: string[] = [];
const capture = { write: (line: string) => void written.push(line) };

let k: TestKiosk;
let g: TestGateway;
const secrets = new Set<string>();
const remember = (...values: string[]) => {
  for (const value of values) secrets.add(value);
};

// anything else that writes straight to the process's streams is caught too
const streams = [process.stdout, process.stderr] as const;
const originals = streams.map((s) => s.write.bind(s));

beforeAll(async () => {
  streams.forEach((stream) => {
    const original = stream.write.bind(stream);
    stream.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
      written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
      return original(chunk, ...rest);
    }) as typeof stream.write;
  });
  const port = await freePort();
  k = await startTestKiosk({
    smtp: true,
    env: { LOG_LEVEL: 'trace', GATEWAY_URL: `http://127.0.0.1:${port}`, GATEWAY_SECRET: SECRET },
    logger: createLogger('trace', capture),
  });
  g = await startGateway({
    kioskUrl: k.url,
    port,
    allowedOrigins: ['http://club.test'],
    logger: createLogger('trace', capture),
    authRecheckMs: 200,
  });
  remember(ADMIN.password, SECRET);
});

afterAll(async () => {
  streams.forEach((stream, i) => {
    stream.write = originals[i] as typeof stream.write;
  });
  await g?.close();
  // the database was closed by the last test already; the rest still has to go
  await k?.close().catch(() => k.mailbox?.close());
});

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/** Every secret in the forms it could be written in: itself, and its hash as hex or base64. */
function leaks(): string[] {
  const text = written.join('\n');
  const found: string[] = [];
  for (const secret of secrets) {
    const hash = sha256(secret);
    for (const form of [secret, hash.toString('hex'), hash.toString('base64'), hash.toString('base64url')]) {
      if (text.includes(form))
        found.push(form === secret ? `secret ${secret.slice(0, 6)}…` : `hash of ${secret.slice(0, 6)}…`);
    }
  }
  return found;
}

describe('logs', () => {
  it('never hold a token, a password or a link token, at trace level, through a whole account’s life', async () => {
    // registration sends the verification mail
    const body = person({ password: 'register-pass-1', password_confirmation: 'register-pass-1' });
    remember(body.password);
    expect((await k.post('/v1/auth/register', body)).status).toBe(200);
    const verify = linkIn(await k.mailbox!.next(body.email));
    remember(verify.token);

    // failing attempts: wrong password, bad bearer, bad link tokens
    remember('wrong-password-9');
    expect((await k.post('/v1/auth/login', { email: body.email, password: 'wrong-password-9' })).status).toBe(401);
    const bogus = 'bogus-bearer-token-0123456789abcdef';
    remember(bogus);
    expect((await k.get('/v1/user/profile', bogus)).status).toBe(401);
    expect((await k.call('GET', '/v1/user/profile', { headers: { authorization: `Basic ${bogus}` } })).status).toBe(
      401,
    );
    const badLink = 'bad-link-token-abcdef0123456789';
    remember(badLink);
    expect((await k.post('/v1/auth/verify', { token: badLink })).body.message).toBe('error.token_invalid');

    // log in, verify, open a socket with the token
    const token = await k.login(body.email, body.password);
    remember(token);
    expect((await k.post('/v1/auth/verify', { token: verify.token })).status).toBe(200);
    const socket = await connectClient(g.url, { token, origin: 'http://club.test' });
    const me = (await k.get('/v1/user/profile', token)).body.user as { id: number };
    expect(await socket.subscribe(`user:${me.id}`)).toHaveProperty('data');
    const refused = await connectClient(g.url, { token: bogus, origin: 'http://club.test' }).catch((e: Error) => e);
    expect(refused).toBeInstanceOf(Error);

    // change and reset the password; the old token stops working on the socket too
    remember('changed-pass-2');
    expect(
      (
        await k.post(
          '/v1/user/change-password',
          { current_password: body.password, password: 'changed-pass-2', password_confirmation: 'changed-pass-2' },
          token,
        )
      ).status,
    ).toBe(200);
    expect((await k.post('/v1/auth/reset-password', { email: body.email })).status).toBe(200);
    const reset = linkIn(await k.mailbox!.next(body.email));
    remember(reset.token, 'reset-pass-3');
    const continued = await k.post('/v1/auth/reset-password/continue', {
      token: reset.token,
      password: 'reset-pass-3',
      password_confirmation: 'reset-pass-3',
    });
    expect(continued.status, JSON.stringify(continued.body)).toBe(200);
    expect(
      (
        await k.post('/v1/auth/reset-password/continue', {
          token: reset.token,
          password: 'reset-again-4',
          password_confirmation: 'reset-again-4',
        })
      ).body.message,
    ).toBe('error.token_invalid');
    const again = await k.login(body.email, 'reset-pass-3');
    remember(again);
    await k.post('/v1/auth/logout', {}, again);
    socket.close();

    expect(written.length, 'the loggers did write at trace level').toBeGreaterThan(0);
    expect(leaks()).toEqual([]);
  });

  it('holds no token hash when the database fails under a logged-in request', async () => {
    const token = await k.login(ADMIN.email, ADMIN.password);
    remember(token);
    await k.kiosk.database.close();
    const answer = await k.get('/v1/user/profile', token);
    expect(answer.status).toBeGreaterThanOrEqual(500);
    expect(written.join('\n')).toMatch(/database unavailable|request failed|unexpected error/);
    expect(leaks()).toEqual([]);
  });
});

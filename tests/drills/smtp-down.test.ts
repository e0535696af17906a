/**
 * Drill: the SMTP server is away, then refuses, then is back. Registration
 * and password reset succeed all along; the mail worker keeps retrying on its own, and once
 * the server accepts, each mail arrives exactly once and its link works. Time moves with the
 * kiosk's test clock, so the backoff (5 s, 10 s, …) passes in moments.
 */
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { inArray } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../kiosk/src/db/schema.ts';
import { backoffMs } from '../../kiosk/src/mail/mailer.ts';
import { advance, linkIn, person, startTestKiosk, type TestKiosk } from '../../kiosk/tests/harness.ts';
import { eventually, freePort, sleep } from './support.ts';

/** A real SMTP server on a fixed port that accepts, or refuses every recipient with 451. */
async function smtpServer(port: number, mode: 'accept' | 'refuse') {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (mode === 'accept') return callback();
      callback(Object.assign(new Error('mailbox busy, try again later'), { responseCode: 451 }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  expect((server.server.address() as AddressInfo).port).toBe(port);
  return {
    messages,
    to: (address: string) =>
      messages.filter((m) =>
        (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).some((a) => a.value.some((v) => v.address === address)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Accepts connections on the port and never says a word. */
async function silentServer(port: number) {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('SMTP down', () => {
  let k: TestKiosk;
  let port: number;
  beforeAll(async () => {
    // a port with nothing listening on it: connections are refused
    port = await freePort();
    // short SMTP timeouts (nodemailer reads them from the URL), so a silent server costs seconds
    k = await startTestKiosk({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}?connectionTimeout=1000&greetingTimeout=1000&socketTimeout=2000` },
    });
  });
  afterAll(() => k?.close());

  it('registers and resets while the server is away, and the mail goes out once it is back', async () => {
    const newcomer = person();
    const registered = await k.post('/v1/auth/register', newcomer);
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const member = person();
    expect((await k.post('/v1/auth/register', member)).status).toBe(200);
    const reset = await k.post('/v1/auth/reset-password', { email: member.email });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);

    const db = k.kiosk.database.db;
    const rows = () =>
      db
        .select()
        .from(mailOutbox)
        .where(inArray(mailOutbox.to, [newcomer.email, member.email]));
    // the worker tries by itself, fails, and keeps every mail queued with the reason
    const firstTry = await eventually(
      async () => {
        const r = await rows();
        return r.length === 3 && r.every((m) => m.attempts >= 1 && m.lastError && !m.sentAt) && r;
      },
      20_000,
      'a first, failed attempt at each mail',
    );
    expect(firstTry.map((m) => m.lastError).join()).toMatch(/ECONNREFUSED/);

    // something listens but never speaks: the worker gives up in time and tries again later,
    // and registering still answers at once
    const silent = await silentServer(port);
    try {
      const meanwhile = person();
      expect((await k.post('/v1/auth/register', meanwhile)).status).toBe(200);
      await advance(k, backoffMs(1) + 1000);
      const secondTry = await eventually(
        async () => {
          const r = await rows();
          return r.length === 3 && r.every((m) => m.attempts >= 2) && r;
        },
        30_000,
        'a second attempt, timed out',
      );
      expect(secondTry.every((m) => !m.sentAt && /greeting|timeout/i.test(m.lastError ?? ''))).toBe(true);
    } finally {
      await silent.close();
    }

    // the server answers but refuses: still queued, tried again after the backoff
    const refusing = await smtpServer(port, 'refuse');
    try {
      await advance(k, backoffMs(2) + 1000);
      const thirdTry = await eventually(
        async () => {
          const r = await rows();
          return r.every((m) => m.attempts >= 3) && r;
        },
        20_000,
        'a third attempt, refused',
      );
      expect(thirdTry.every((m) => !m.sentAt && /451/.test(m.lastError ?? ''))).toBe(true);
    } finally {
      await refusing.close();
    }

    // back: the mail goes out at its next retry, without anyone asking
    const mailbox = await smtpServer(port, 'accept');
    try {
      await advance(k, backoffMs(3) + 1000);
      await eventually(
        () => mailbox.to(newcomer.email).length === 1 && mailbox.to(member.email).length === 2,
        20_000,
        'all three mails delivered',
      );
      // the server has the mail a moment before the queue marks it sent
      const sent = await eventually(
        async () => {
          const r = await rows();
          return r.every((m) => m.sentAt instanceof Date) && r;
        },
        20_000,
        'all three marked sent',
      );
      expect(sent).toHaveLength(3);

      // the links in them work
      const verify = linkIn(mailbox.to(newcomer.email)[0]!);
      expect((await k.post('/v1/auth/verify', { token: verify.token })).status).toBe(200);
      const resetMail = mailbox.to(member.email).find((m) => linkIn(m).path.startsWith('/reset-password-continue/'));
      const done = await k.post('/v1/auth/reset-password/continue', {
        token: linkIn(resetMail!).token,
        password: 'a brand new password',
        password_confirmation: 'a brand new password',
      });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(await k.login(member.email, 'a brand new password')).toBeTruthy();

      // nothing is sent twice, even after more retry periods
      await advance(k, backoffMs(5));
      await sleep(500);
      expect(mailbox.to(newcomer.email)).toHaveLength(1);
      expect(mailbox.to(member.email)).toHaveLength(2);
    } finally {
      await mailbox.close();
    }
  });
});

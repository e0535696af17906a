import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, person, startMailbox, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import { mailOutbox } from '../db/schema.ts';
import { backoffMs } from './mailer.ts';

describe('mail when the SMTP server is down', () => {
  let k: TestKiosk;
  let port: number;
  beforeAll(async () => {
    // reserve a port, then leave nothing listening on it
    const probe = await startMailbox();
    port = Number(new URL(probe.url).port);
    await probe.close();
    k = await startTestKiosk({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(() => k.close());

  it('still registers, keeps the mail, and sends it once the server is back', async () => {
    const body = person();
    expect((await k.post('/v1/auth/register', body)).status).toBe(200);
    await k.kiosk.mailer.flush();
    const [queued] = await k.kiosk.database.db.select().from(mailOutbox);
    expect(queued).toMatchObject({ to: body.email, sentAt: null, attempts: 1 });
    expect(queued?.lastError).toBeTruthy();

    const mailbox = await startMailbox(port);
    try {
      // not before its retry time...
      await k.kiosk.mailer.flush();
      expect(mailbox.messages).toHaveLength(0);
      // ...and at it
      await k.post('/v1/test/clock', { advance_ms: backoffMs(1) + 1000 });
      await k.kiosk.mailer.flush();
      const mail = await mailbox.next(body.email);
      const { token } = linkIn(mail);
      expect((await k.post('/v1/auth/verify', { token })).status).toBe(200);
      const [sent] = await k.kiosk.database.db.select().from(mailOutbox);
      expect(sent?.sentAt).toBeInstanceOf(Date);
    } finally {
      await mailbox.close();
    }
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3].map(backoffMs)).toEqual([5000, 10000, 20000]);
    expect(backoffMs(50)).toBe(60 * 60 * 1000);
  });
});

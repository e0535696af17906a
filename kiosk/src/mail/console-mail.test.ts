import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { person } from '../../tests/harness.ts';
import { createKiosk } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { createLogger } from '../logger.ts';

// one database for the file: opening one is the slow part
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(() => database?.close());
afterEach(() => vi.restoreAllMocks());

/**
 * Registers someone on a kiosk without SMTP and returns what reached the console and the
 * log, and the link token of the mail that was due.
 */
async function registerWithoutSmtp(config: Config) {
  const log: string[] = [];
  // watched, not replaced: the real console.log still runs
  const consoleLog = vi.spyOn(console, 'log');
  const kiosk = await createKiosk({
    config,
    logger: createLogger('trace', { write: (line: string) => void log.push(line) }),
    database,
  });
  try {
    const body = person();
    const answer = await kiosk.app.request('/v1/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(answer.status).toBe(200);
    await kiosk.mailer.flush();
    const mails = await database.db.select().from(mailOutbox);
    const mail = mails.find((m) => m.to === body.email);
    expect(mail?.sentAt).toBeInstanceOf(Date);
    const token = /\/verify\/([^\s]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const printed = consoleLog.mock.calls.map((args) => args.join(' ')).join('\n');
    return { output: `${printed}\n${log.join('\n')}`, printed, token: decodeURIComponent(token!) };
  } finally {
    await kiosk.close();
  }
}

const base = { DATA_DIR: 'memory://', PUBLIC_URL: 'https://klubb.example.no', AUTH_RATE_LIMIT: '1000' };

describe('mail without an SMTP server', () => {
  it('is printed with its link in the demo, where the console is the mailbox', async () => {
    const { printed, token } = await registerWithoutSmtp(loadConfig({ ...base, NODE_ENV: 'development' }));
    expect(printed).toContain('https://klubb.example.no/verify/');
    expect(printed).toContain(encodeURIComponent(token));
  });

  it('never puts a link or a token on the console or in the log in production', async () => {
    // loadConfig refuses production without SMTP_URL; the mailer must hold the line all the same
    const production: Config = { ...loadConfig({ ...base, NODE_ENV: 'test' }), NODE_ENV: 'production' };
    const { output, token } = await registerWithoutSmtp(production);
    expect(output).toContain('e-mail not sent: no SMTP_URL set');
    expect(output).not.toContain('/verify/');
    expect(output).not.toContain(token);
    expect(output).not.toContain(encodeURIComponent(token));
  });

  it('is not printed in tests either', async () => {
    const { printed } = await registerWithoutSmtp(loadConfig({ ...base, NODE_ENV: 'test' }));
    expect(printed).toBe('');
  });
});

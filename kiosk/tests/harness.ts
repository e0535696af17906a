/**
 * Integration-test harness: the real kiosk on a real HTTP server (random port), on a
 * fresh database — in-memory PGlite, or a new PostgreSQL database when the suite runs with
 * KIOSK_TEST_DB=postgres and TEST_DATABASE_URL — and, when asked, a real SMTP server.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freezeClock } from '@club/shared/clock';
import { type ServerType, serve } from '@hono/node-server';
import { and, desc, eq, like, type Logger as QueryLogger } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { createKiosk, type Kiosk } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { mailOutbox } from '../src/db/schema.ts';
import { createLogger, type Logger } from '../src/logger.ts';

export const usePostgres = process.env.KIOSK_TEST_DB === 'postgres';
const MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));
/** its package.json, beside the `dist` folder its entry is in (the package exports no path to it) */
const PGLITE_VERSION: string = (
  JSON.parse(
    readFileSync(
      join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json'),
      'utf8',
    ),
  ) as { version: string }
).version;

/**
 * A migrated embedded database's files, made once for these migrations and this PGlite and
 * kept in the temp dir: a new PGlite spends a second creating its cluster, one started from
 * these files a third of that, and every test file opens one or more.
 */
async function migratedFiles(): Promise<Blob> {
  const hash = createHash('sha256').update(PGLITE_VERSION);
  for (const entry of readdirSync(MIGRATIONS, { recursive: true, withFileTypes: true }).sort((a, b) =>
    join(a.parentPath, a.name).localeCompare(join(b.parentPath, b.name)),
  ))
    if (entry.isFile()) hash.update(entry.name).update(readFileSync(join(entry.parentPath, entry.name)));
  const file = join(tmpdir(), `club-kiosk-test-db-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const database = await openDatabase({ dataDir: 'memory://' });
  const files = await database.files!();
  await database.close();
  // written aside and moved in whole: a test file elsewhere may be reading it at that moment
  const aside = `${file}.${process.pid}`;
  writeFileSync(aside, Buffer.from(await files.arrayBuffer()));
  renameSync(aside, file);
  return files;
}
let migrated: Promise<Blob> | undefined;

export async function freshDatabase(queryLogger?: QueryLogger): Promise<Database & { url?: string }> {
  if (!usePostgres) {
    migrated ??= migratedFiles();
    return openDatabase({ dataDir: 'memory://', queryLogger, from: await migrated });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('KIOSK_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `club_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: 'unused', queryLogger });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

export interface Mailbox {
  url: string;
  messages: ParsedMail[];
  /** Waits for the next mail to `to` (and takes it out of the box). */
  next(to: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export async function startMailbox(port = 0): Promise<Mailbox> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  const recipient = (m: ParsedMail) =>
    (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address));
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    async next(to, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const index = messages.findIndex((m) => recipient(m).includes(to));
        if (index >= 0) return messages.splice(index, 1)[0] as ParsedMail;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The path and token of the first app link in a mail (`/verify/…`, `/reset-password-continue/…`). */
export function linkIn(mail: Pick<ParsedMail, 'text'>): { path: string; token: string } {
  const match = /https?:\/\/[^\s/]+(\/(?:verify|reset-password-continue)\/([A-Za-z0-9_%-]+))/.exec(mail.text ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`no link in mail: ${mail.text}`);
  return { path: match[1], token: decodeURIComponent(match[2]) };
}

export interface Answer {
  status: number;
  body: Record<string, unknown> & { success: boolean; message?: string; errors?: Record<string, string> };
}

export interface TestKiosk {
  url: string;
  kiosk: Kiosk;
  mailbox: Mailbox | undefined;
  call(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: string },
  ): Promise<Answer>;
  get(path: string, token?: string): Promise<Answer>;
  post(path: string, body?: unknown, token?: string): Promise<Answer>;
  login(email: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export const ADMIN = { email: 'admin@test.club', password: 'admin-password' };

export async function startTestKiosk(
  options: { env?: Record<string, string>; smtp?: boolean; logger?: Logger; queryLogger?: QueryLogger } = {},
): Promise<TestKiosk> {
  const mailbox = options.smtp ? await startMailbox() : undefined;
  const database = await freshDatabase(options.queryLogger);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    PORT: '0',
    PUBLIC_URL: 'http://club.test',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    AUTH_RATE_LIMIT: '1000',
    TEST_CLOCK: '1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...(mailbox ? { SMTP_URL: mailbox.url } : {}),
    ...options.env,
  });
  let url = '';
  const kiosk = await createKiosk({
    config,
    logger: options.logger ?? createLogger(config.LOG_LEVEL),
    database,
    mailIntervalMs: 100,
    // PUBLIC_URL's host is made up: the simulator's webhooks reach it over HTTP on the port
    // the kiosk listens on, as if the name resolved there
    publicFetch: (input, init) => fetch(String(input).replace(config.publicUrl, url), init),
  });
  // tests check totals to the øre: time moves only when a test moves it
  freezeClock(true);
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: kiosk.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const call: TestKiosk['call'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: string | undefined = o.raw;
    if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${url}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: Answer['body'];
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${path} answered ${res.status} with non-JSON: ${text.slice(0, 200)}`);
    }
    return { status: res.status, body: parsed };
  };

  return {
    url,
    kiosk,
    mailbox,
    call,
    get: (path, token) => call('GET', path, { token }),
    post: (path, body, token) => call('POST', path, { body: body ?? {}, token }),
    async login(email, password) {
      const answer = await call('POST', '/v1/auth/login', { body: { email, password } });
      if (answer.status !== 200) throw new Error(`login ${email} failed: ${JSON.stringify(answer.body)}`);
      return answer.body.token as string;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await kiosk.close();
      await database.close();
      await mailbox?.close();
    },
  };
}

let counter = 0;
/** A table name no other table in the test's club has (names are unique, `nameKey`). */
export const tableName = (prefix = 'Bord') => `${prefix} ${++counter}`;

/** A new person's registration body with unique e-mail and phone. */
export function person(overrides: Record<string, unknown> = {}) {
  counter++;
  const n = `${process.pid % 1000}${String(counter).padStart(4, '0')}`;
  return {
    name: 'Kari',
    surname: 'Nordmann',
    email: `kari.${n}@example.no`,
    phone: `9${n.padStart(7, '0').slice(-7)}`,
    password: 'correct horse',
    password_confirmation: 'correct horse',
    ...overrides,
  };
}

/**
 * Opens the newest verification link the kiosk queued for an address, as the person would
 * from their inbox (read from the mail queue, so a test's own mailbox keeps its messages).
 */
export async function verifyAddress(k: TestKiosk, email: string): Promise<void> {
  const [mail] = await k.kiosk.database.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), like(mailOutbox.text, '%/verify/%')))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  if (!mail) throw new Error(`no verification mail to ${email}`);
  const answer = await k.post('/v1/auth/verify', { token: linkIn(mail).token });
  if (answer.status !== 200) throw new Error(`verify failed: ${JSON.stringify(answer.body)}`);
}

/** Registers a person, opens their verification link (unless `verified: false`) and logs them in. */
export async function newPlayer(
  k: TestKiosk,
  overrides: Record<string, unknown> = {},
  options: { verified?: boolean } = {},
) {
  const body = person(overrides);
  const answer = await k.post('/v1/auth/register', body);
  if (answer.status !== 200) throw new Error(`register failed: ${JSON.stringify(answer.body)}`);
  if (options.verified !== false) await verifyAddress(k, body.email);
  const user = answer.body.user as {
    id: number;
    email: string;
    phone: string;
    role_id: number;
    name: string;
    surname: string;
  };
  return { user, body, token: await k.login(body.email, body.password) };
}

/** Moves the server's clock (TEST_CLOCK) forward. */
export async function advance(k: TestKiosk, ms: number): Promise<void> {
  const answer = await k.post('/v1/test/clock', { advance_ms: ms });
  if (answer.status !== 200) throw new Error('the test clock is not enabled');
}

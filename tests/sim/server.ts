/**
 * The real club app as a child process (`main.ts`: kiosk API + in-process gateway), on a
 * fixed port and data directory so that it can be killed with SIGKILL and started again on
 * the same data, as a crashed production process would be restarted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, kioskReady, type NodeProcess, startNodeProcess, waitUntilReady } from '../support/node-process.ts';

export { freePort };
export const SIM_ADMIN = { email: 'admin@sim.club', password: 'sim-admin-password' };

export interface ClubProcess {
  url: string;
  port: number;
  /** how many times the process was started */
  starts: number;
  pid(): number | undefined;
  /** SIGKILL, and wait until the port is closed */
  kill9(): Promise<void>;
  /** start again on the same port and data; resolves when /v1/ready answers */
  restart(): Promise<void>;
  /** what the process printed (the last 20 kB), for failure messages */
  stderr(): string;
  stop(): Promise<void>;
}

export interface ClubOptions {
  /** postgres://… of a database to use; else file-backed PGlite in a temp dir */
  databaseUrl?: string;
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}

export async function startClub(options: ClubOptions = {}): Promise<ClubProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'club-sim-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: '0',
    ADMIN_EMAIL: SIM_ADMIN.email,
    ADMIN_PASSWORD: SIM_ADMIN.password,
    TEST_CLOCK: '1',
    AUTH_RATE_LIMIT: '100000',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // no built web app needed: the evening talks to the API and the sockets only
    WEB_DIST: join(dataDir, 'no-web'),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  let current: NodeProcess | undefined;
  const url = `http://127.0.0.1:${port}`;

  const launch = async () => {
    current = startNodeProcess('main.ts', env);
    await waitUntilReady(current, kioskReady(url), 'the club process', options.readyTimeoutMs ?? 90_000);
  };

  const club: ClubProcess = {
    url,
    port,
    starts: 0,
    pid: () => current?.child.pid,
    async kill9() {
      await current?.stop('SIGKILL');
    },
    async restart() {
      club.starts++;
      await launch();
    },
    stderr: () => current?.output() ?? '',
    async stop() {
      await current?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await club.restart();
  return club;
}

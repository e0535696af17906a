/**
 * The real club app as a child process (`main.ts`: kiosk API + in-process gateway), on a
 * fixed port and data directory so that it can be killed with SIGKILL and started again on
 * the same data, as a crashed production process would be restarted.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SIM_ADMIN = { email: 'admin@sim.club', password: 'sim-admin-password' };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
  /** what the process printed on stderr (the last 20 kB), for failure messages */
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
  let child: ChildProcess | undefined;
  let err = '';
  const url = `http://127.0.0.1:${port}`;

  const launch = async () => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'main.ts'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    proc.stderr?.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-20_000);
    });
    child = proc;
    const until = Date.now() + (options.readyTimeoutMs ?? 90_000);
    while (Date.now() < until) {
      if (proc.exitCode !== null) throw new Error(`the club process exited (${proc.exitCode}):\n${err}`);
      const ready = await fetch(`${url}/v1/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return;
      await sleep(100);
    }
    throw new Error(`the club process did not become ready:\n${err}`);
  };
  const waitExit = (proc: ChildProcess) =>
    proc.exitCode !== null || proc.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => proc.once('exit', () => resolve()));

  const club: ClubProcess = {
    url,
    port,
    starts: 0,
    pid: () => child?.pid,
    async kill9() {
      const proc = child;
      if (!proc) return;
      proc.kill('SIGKILL');
      await waitExit(proc);
    },
    async restart() {
      club.starts++;
      await launch();
    },
    stderr: () => err,
    async stop() {
      const proc = child;
      if (proc && proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGTERM');
        const done = waitExit(proc);
        const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
        await done;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await club.restart();
  return club;
}

/**
 * What the fault drills share: a private PostgreSQL server they may stop and start, the
 * real kiosk as a child process, free ports and polling.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, kioskReady, type NodeProcess, startNodeProcess, waitUntilReady } from '../support/node-process.ts';

export { freePort };

const run = promisify(execFile);

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` answers something truthy, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => T | Promise<T>,
  timeoutMs: number,
  what: string,
): Promise<Exclude<T, false | null | undefined | 0 | ''>> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < until) {
    try {
      const value = await check();
      if (value) return value as Exclude<T, false | null | undefined | 0 | ''>;
    } catch (error) {
      last = error;
    }
    await sleep(50);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms${last ? ` (${String(last)})` : ''}`);
}

/** The newest PostgreSQL server binaries on this machine (Debian keeps them off PATH). */
export function postgresBinaries(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')) && existsSync(join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : undefined;
}

/** Why the private server cannot run here, or undefined when it can. */
export function whyNoPrivatePostgres(): string | undefined {
  if (!postgresBinaries()) return 'no PostgreSQL server binaries under /usr/lib/postgresql/*/bin';
  if (process.getuid?.() === 0 && !existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser'))
    return 'running as root without runuser (PostgreSQL refuses to run as root)';
  return undefined;
}

export interface PrivatePostgres {
  url: string;
  port: number;
  /** fast shutdown: sessions are ended, the server stops, what was committed stays */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** stops for good and removes the files */
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL server of the drill's own (initdb in a temp dir, a random port), never the
 * shared one other suites use. As root it runs as the `postgres` user, which owns the dir.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('no PostgreSQL binaries');
  const root = mkdtempSync(join(tmpdir(), 'drill-pg-'));
  const data = join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(root, Number(stdout.trim()), Number(gid.trim()));
  }
  const as = (cmd: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', cmd, ...args], { cwd: root }) : run(cmd, args, { cwd: root });
  await as(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c max_connections=50`;
  const pgCtl = join(bin, 'pg_ctl');
  const start = async () => {
    await as(pgCtl, ['-D', data, '-l', join(root, 'log'), '-w', '-t', '60', '-o', options, 'start']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    async stop() {
      await as(pgCtl, ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
    },
    async destroy() {
      await as(pgCtl, ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop']).catch(() => {});
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export interface KioskProcess {
  url: string;
  process: NodeProcess;
  alive(): boolean;
  /** what it printed (pino JSON lines at LOG_LEVEL=warn), the last 20 kB */
  output(): string;
  kill(): Promise<void>;
}

/** `main.ts`: the real single-process deployment, on its own port. */
export async function startKioskProcess(env: Record<string, string>): Promise<KioskProcess> {
  const port = await freePort();
  const proc = startNodeProcess('main.ts', {
    // tsx's transform cache can serve a file's older build; a drill run may turn it off
    ...(process.env.TSX_DISABLE_CACHE ? { TSX_DISABLE_CACHE: process.env.TSX_DISABLE_CACHE } : {}),
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DEMO: '0',
    // no web app: the drills talk to the API only
    WEB_DIST: join(tmpdir(), 'drill-no-web'),
    AUTH_RATE_LIMIT: '100000',
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(proc, kioskReady(url), 'the kiosk');
  return { url, process: proc, alive: proc.alive, output: proc.output, kill: () => proc.stop() };
}

export interface Answer {
  status: number;
  body: Record<string, unknown> & { success?: boolean; message?: string };
  ms: number;
}

/** One JSON call with a bound on its time: a hang is a failure, not a stuck suite. */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = Date.now();
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
  });
  const text = await res.text();
  let body: Answer['body'];
  try {
    body = JSON.parse(text);
  } catch {
    body = { raw: text.slice(0, 200) };
  }
  return { status: res.status, body, ms: Date.now() - started };
}

/**
 * What the fault drills share: the real kiosk as a child process, free ports and polling.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, kioskReady, type NodeProcess, startNodeProcess, waitUntilReady } from '../support/node-process.ts';

export { freePort };

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

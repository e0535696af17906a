/**
 * What the benchmarks share: child processes that die with the bench, free ports, waiting
 * for a server, the results folder, and the Markdown tables they print.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const RESULTS = fileURLToPath(new URL('./results/', import.meta.url));

const children: ChildProcess[] = [];
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});
/** An interrupted bench leaves no servers behind: by default a signal ends a process without 'exit'. */
function exitOnSignal() {
  if (children.length) return;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A time (ms since the Unix epoch, sub-ms) that processes on this machine can compare: each
 * process's monotonic clock from the wall-clock instant it started, so the writer thread and the
 * client processes stamp one timeline without a message to line them up.
 */
export const sharedNow = () => performance.timeOrigin + performance.now();

/**
 * The lowest CPU priority for the calling thread, or for every thread of a process (Linux keeps
 * a priority per thread; threads started later inherit it). For what stands beside the thing
 * measured on a small machine: the club's server beside the phone, the player's device beside
 * the gateway. Where Linux shares the CPU between sessions first (`sched_autogroup`), a thread's
 * niceness only counts against its own session's: a process that leads its own session
 * (`startScript(…, { session: 'own' })`) gets its session's share lowered too. Best effort:
 * elsewhere, or once the process is gone, nothing changes.
 */
export function lowestPriority(of: 'this thread' | { pid: number | undefined }): void {
  try {
    const threads =
      of === 'this thread'
        ? [readlinkSync('/proc/thread-self').split('/').at(-1)]
        : of.pid === undefined
          ? []
          : readdirSync(`/proc/${of.pid}/task`);
    for (const thread of threads) os.setPriority(Number(thread), 19);
    if (of !== 'this thread' && of.pid !== undefined && leadsItsSession(of.pid))
      writeFileSync(`/proc/${of.pid}/autogroup`, '19');
  } catch {
    // no /proc (not Linux), no autogroups, or the process is gone
  }
}

/** The session id is the sixth field of /proc/<pid>/stat, after the command in parentheses. */
function leadsItsSession(pid: number): boolean {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]) === pid;
}

/** How many files this process (and a child it starts) may open: `ulimit -n`, from /proc. */
export function openFileLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  return Number(line?.split(/\s+/)[3] ?? 1024);
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

/** A child process started elsewhere, killed when the bench exits like those of `startScript`. */
export function adopt(child: ChildProcess): ChildProcess {
  exitOnSignal();
  children.push(child);
  return child;
}

/**
 * A TypeScript entry point of this repo as its own process, killed when the bench exits. With
 * `session: 'own'` it leads a session of its own, so that `lowestPriority` can lower its share
 * of the CPU against a browser that chrome-launcher starts in a session of its own.
 */
export function startScript(
  script: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
  options: { session?: 'own' } = {},
): ChildProcess {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: options.session === 'own',
  });
  child.stdout?.resume();
  exitOnSignal();
  children.push(child);
  return child;
}

/** Asks a child to shut down cleanly (it closes its database) and waits for it. */
export async function stopChild(child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

export async function waitHttp(url: string, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${url} did not come up within ${timeoutMs} ms`);
}

/** When and on what the run happened; the load average says how busy the machine was (others' work counts). */
export function machine() {
  return {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model,
    load_average: +(os.loadavg()[0] ?? 0).toFixed(1),
  };
}

export function writeResult(name: string, report: unknown): string {
  mkdirSync(RESULTS, { recursive: true });
  const path = join(RESULTS, `${name}.json`);
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
  return path;
}

/** A Markdown table, so a run's output can go into the README as it is. */
export function table(head: string[], rows: (string | number)[][], align?: ('l' | 'r')[]): string {
  const rule = head.map((_, i) => ((align?.[i] ?? (i === 0 ? 'l' : 'r')) === 'l' ? '---' : '---:'));
  return [head, rule, ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

/**
 * The built web app: BENCH_WEB_DIST when the runner built it already, else a fresh
 * production build into a temp folder (about ten seconds).
 */
export function webDist(): string {
  if (process.env.BENCH_WEB_DIST) return process.env.BENCH_WEB_DIST;
  const out = mkdtempSync(join(os.tmpdir(), 'bench-web-'));
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['run', 'build', '-w', '@club/web', '--', '--outDir', out], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error('the web build failed');
  process.env.BENCH_WEB_DIST = out;
  return out;
}

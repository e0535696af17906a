/**
 * An entry point of this repository (`main.ts`, `realtime/src/main.ts`) as a real process of
 * its own, as the drills, the cluster test and the simulator need: `node --import tsx`, no
 * npx (so no orphan is left behind), killed with the test process if a test forgets it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUTPUT_KEPT = 20_000;

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

export interface NodeProcess {
  child: ChildProcess;
  /** what it printed on stdout and stderr (the last 20 kB), for failure messages and log checks */
  output(): string;
  alive(): boolean;
  exited(): Promise<void>;
  /** `signal` (SIGTERM), then SIGKILL after `graceMs`; resolves once it has exited */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}

/**
 * Starts `script` (relative to the repository) with exactly `env` (plus PATH), through tsx
 * unless `nodeArgs` says otherwise (a compiled bundle needs none), in the repository or `cwd`.
 */
export function startNodeProcess(
  script: string,
  env: Record<string, string>,
  options: { nodeArgs?: string[]; cwd?: string } = {},
): NodeProcess {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? ['--import', 'tsx']), script], {
    cwd: options.cwd ?? ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let printed = '';
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString()).slice(-OUTPUT_KEPT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const alive = () => child.exitCode === null && child.signalCode === null;
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => children.delete(child));
  return {
    child,
    output: () => printed,
    alive,
    exited: () => exit,
    async stop(signal = 'SIGTERM', graceMs = 10_000) {
      if (alive()) child.kill(signal);
      const late = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exit;
      clearTimeout(late);
    },
  };
}

/**
 * Polls `ready` until it says yes. The process exiting, or `timeoutMs` passing, is an error
 * that carries what it printed; the process is killed then.
 */
export async function waitUntilReady(
  proc: NodeProcess,
  ready: () => Promise<boolean>,
  what: string,
  timeoutMs = 90_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (!proc.alive()) throw new Error(`${what} exited (${proc.child.exitCode}):\n${proc.output().slice(-3000)}`);
    if (await ready().catch(() => false)) return;
    if (Date.now() > until) {
      proc.child.kill('SIGKILL');
      throw new Error(`${what} was not ready within ${timeoutMs} ms:\n${proc.output().slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `GET {url}/v1/ready` answers 200: the kiosk API is up and has its database. */
export const kioskReady = (url: string) => async () => (await fetch(`${url}/v1/ready`)).ok;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

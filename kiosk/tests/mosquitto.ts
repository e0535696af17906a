/**
 * A real Eclipse Mosquitto for the device tests (Debian's `mosquitto`, which `.ci/run`
 * installs): started on a free loopback port with a config file of its own in a temp dir, no
 * persistence, anonymous clients allowed (loopback only). It can be stopped and started again
 * on the same port, to test what the kiosk and the devices do when the broker dies.
 *
 * Where the binary is missing, `missingMosquitto()` says so in one line; the suites skip then,
 * unless MOSQUITTO=require (CI), where that is a failure.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CANDIDATES = [
  process.env.MOSQUITTO_BIN,
  '/usr/sbin/mosquitto',
  '/usr/bin/mosquitto',
  '/usr/local/sbin/mosquitto',
];

export const mosquittoBinary = (): string | null => CANDIDATES.find((p) => p && existsSync(p)) ?? null;
export const mosquittoRequired = process.env.MOSQUITTO === 'require';

/** Null when the tests can run; else why not, in one line. */
export function missingMosquitto(): string | null {
  return mosquittoBinary() ? null : 'no mosquitto binary (apt-get install mosquitto, or MOSQUITTO_BIN)';
}

/** Says why the suite does not run, once; throws under MOSQUITTO=require. */
export function mosquittoSkip(suite: string): boolean {
  const missing = missingMosquitto();
  if (!missing) return false;
  if (mosquittoRequired) throw new Error(`MOSQUITTO=require, but ${missing}`);
  console.log(`${suite} skipped: ${missing} (MOSQUITTO=require makes this a failure)`);
  return true;
}

export interface Mosquitto {
  url: string;
  port: number;
  /** kills the broker at once (SIGKILL: no goodbye to anyone) */
  kill(): Promise<void>;
  /** starts it again on the same port */
  start(): Promise<void>;
  close(): Promise<void>;
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

const answers = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export async function startMosquitto(): Promise<Mosquitto> {
  const binary = mosquittoBinary();
  if (!binary) throw new Error(missingMosquitto()!);
  const dir = mkdtempSync(join(tmpdir(), 'club-mosquitto-'));
  const port = await freePort();
  const config = join(dir, 'mosquitto.conf');
  writeFileSync(
    config,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence false',
      'log_dest stderr',
      ...(process.env.MOSQUITTO_LOG ? ['log_type all'] : ['log_type error', 'log_type warning']),
      // a QoS 0 message is never kept for a client that is away (the default, said out loud)
      'queue_qos0_messages false',
      '',
    ].join('\n'),
  );
  let child: ChildProcess | null = null;
  let stderr = '';

  const start = async () => {
    const proc = spawn(binary, ['-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
    proc.stderr?.on('data', (chunk: Buffer) => {
      if (process.env.MOSQUITTO_LOG) process.stderr.write(chunk);
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child = proc;
    const until = Date.now() + 10_000;
    while (Date.now() < until) {
      if (proc.exitCode !== null) throw new Error(`mosquitto exited (${proc.exitCode}): ${stderr}`);
      if (await answers(port)) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`mosquitto did not listen on ${port}: ${stderr}`);
  };
  const kill = async () => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    kill,
    start,
    async close() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

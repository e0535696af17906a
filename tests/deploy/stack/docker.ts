/**
 * The Docker engine and the compose command the stack test drives: `docker compose` (v2) where
 * the plugin exists, else `docker-compose` (v1), or the one COMPOSE names.
 */
import { spawn, spawnSync } from 'node:child_process';

/** why the stack cannot run here, or null when a Docker engine answers */
export function missingEngine(): string | null {
  const info = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { encoding: 'utf8', timeout: 15_000 });
  if (info.error) return `no docker command (${info.error.message})`;
  if (info.status !== 0) return `no Docker engine answers (${(info.stderr || info.stdout).trim().split('\n')[0]})`;
  if (!composeCommand()) return 'neither `docker compose` nor `docker-compose` is installed';
  return null;
}

export function composeCommand(): string[] | null {
  if (process.env.COMPOSE) return process.env.COMPOSE.split(' ');
  if (spawnSync('docker', ['compose', 'version'], { timeout: 15_000 }).status === 0) return ['docker', 'compose'];
  if (spawnSync('docker-compose', ['version'], { timeout: 15_000 }).status === 0) return ['docker-compose'];
  return null;
}

export interface Ran {
  code: number;
  out: string;
}

/** runs a command to its end, with its output kept (and shown when it fails) */
export function run(command: string[], options: { env?: NodeJS.ProcessEnv; input?: Buffer; cwd?: string } = {}) {
  return new Promise<Ran>((resolve, reject) => {
    const [file, ...args] = command;
    const child = spawn(file!, args, { env: options.env ?? process.env, cwd: options.cwd, stdio: 'pipe' });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, out }));
    child.stdin.end(options.input);
  });
}

export async function mustRun(command: string[], options: Parameters<typeof run>[1] = {}): Promise<string> {
  const ran = await run(command, options);
  if (ran.code !== 0) throw new Error(`${command.join(' ')} exited ${ran.code}:\n${ran.out.slice(-4000)}`);
  return ran.out;
}

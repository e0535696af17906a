import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { Logger as QueryLogger } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { IN_MEMORY } from '../env-schema.ts';
import { fewerTrips } from './commit-with.ts';
import { holdDataDir } from './data-dir-lock.ts';
import type { Db } from './executor.ts';
import { namingPglite, namingStatements } from './named-statements.ts';
import * as schema from './schema.ts';

export { type Db, type Executor, onEmbedded, type Schema, type Tx } from './executor.ts';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  ping(): Promise<void>;
  /** the embedded database's files, as a tar to start another one from (`from`) */
  files?(): Promise<Blob>;
}

// MIGRATIONS_DIR: the compiled server (`npm run build:server`) carries the migrations beside it
const migrationsFolder = process.env.MIGRATIONS_DIR
  ? resolve(process.env.MIGRATIONS_DIR)
  : fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Opens PostgreSQL when a URL is given, else embedded PGlite in `dataDir` (or in memory
 * for `memory://`), and applies the committed migrations. `queryLogger` sees every query
 * (the query budget tests and the API benchmark count them per request).
 */
export async function openDatabase(options: {
  url?: string | undefined;
  dataDir: string;
  queryLogger?: QueryLogger;
  /** an in-memory database's first files (`files()` of another): no cluster to create */
  from?: Blob | undefined;
}): Promise<Database> {
  const logger = options.queryLogger ?? false;
  if (options.url) {
    // while the database is away, a request waits for a connection at most this long: it
    // answers 503 instead of hanging
    const pool = new pg.Pool({ connectionString: options.url, max: 10, connectionTimeoutMillis: 5000 });
    // a dropped connection must not take the process down; the next query reports it
    pool.on('error', () => {});
    // The pool listens for errors only on idle connections. A connection checked out by a
    // transaction that is between queries (hashing a password, calling Vipps) emits its
    // 'error' with no listener when the server goes away, which would crash the process.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    await migrateNodePg(drizzleNodePg(pool), { migrationsFolder });
    const db = drizzleNodePg(fewerTrips(namingStatements(pool)), { schema, logger });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      close: () => pool.end(),
      ping: async () => {
        await pool.query('select 1');
      },
    };
  }
  const memory = options.dataDir === IN_MEMORY;
  if (!memory) mkdirSync(options.dataDir, { recursive: true });
  const client = memory ? new PGlite(options.from ? { loadDataDir: options.from } : {}) : new PGlite(options.dataDir);
  const release = memory ? () => {} : holdDataDir(options.dataDir);
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  const db = drizzlePglite(namingPglite(client), { schema, logger });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: async () => {
      await client.close();
      release();
    },
    ping: async () => {
      await client.query('select 1');
    },
    files: () => client.dumpDataDir('none'),
  };
}

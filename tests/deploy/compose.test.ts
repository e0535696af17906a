/**
 * docker-compose.yml and .env.example as an operator meets them: the image is built, not
 * mounted; every secret comes from `.env` with no default, so compose refuses to start
 * without it; PostgreSQL keeps its data in a named volume and is checked before the kiosk
 * starts; and .env.example documents every variable the servers and compose read.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../../kiosk/src/config.ts';
import { ZEnv } from '../../kiosk/src/env-schema.ts';
import { productionRefusals } from '../../kiosk/src/production/refusals.ts';
import { GATEWAY_CONFIG_VARIABLES } from '../../realtime/src/config.ts';
import { type ComposeService, compose, ROOT, read } from './repo-files.ts';

const services = compose().services;
const APP_SERVICES = ['kiosk', 'gateway1', 'gateway2'];
const SECRET_NAME = /SECRET|PASSWORD|_KEY$|^SMTP_URL$|^DATABASE_URL$/;
/** compose stops with the message when one of these is empty or unset */
const REQUIRED = [
  'GATEWAY_SECRET',
  'POSTGRES_PASSWORD',
  'SMTP_URL',
  'PUBLIC_URL',
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
  'VAPID_SUBJECT',
];

/** every `${NAME…}` in the file: its name, its operator (`:?`, `:-`, `?`, `-` or none) and its default or message */
const interpolations = [...read('docker-compose.yml').matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)(:?[-?])?([^}]*)\}/g)].map(
  (m) => ({ name: m[1]!, operator: m[2] ?? '', rest: m[3] ?? '' }),
);

const buildOf = (service: ComposeService) =>
  typeof service.build === 'string' ? { context: service.build } : service.build;
const isBindMount = (volume: string) => /^[./~$]/.test(volume.split(':')[0] ?? '');

describe('docker-compose.yml', () => {
  it('runs the kiosk and two gateways from the image the Dockerfile builds, without tsx', () => {
    for (const name of APP_SERVICES) {
      const service = services[name]!;
      expect(buildOf(service), name).toMatchObject({ context: '.', target: 'runtime' });
      expect(service.image, name).toBe(services.kiosk!.image);
      expect(service.command?.join(' '), name).not.toMatch(/tsx|\.ts\b/);
    }
    expect(services.kiosk!.command).toContain('dist/server/main.mjs');
    expect(services.gateway1!.command).toContain('dist/server/gateway.mjs');
    expect(services.gateway2!.command).toContain('dist/server/gateway.mjs');
    expect(buildOf(services.lb!)).toMatchObject({ context: '.', target: 'proxy' });
  });

  it('pins the version of every image it pulls', () => {
    for (const [name, service] of Object.entries(services).filter(([, s]) => !s.build)) {
      expect(service.image, name).toMatch(/:\d+[\w.-]*$/);
    }
  });

  it('mounts nothing of the host: no checkout, no node_modules, no web build', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const volume of service.volumes ?? []) {
        expect(isBindMount(volume), `${name}: ${volume}`).toBe(false);
        expect(Object.keys(compose().volumes ?? {}), `${name}: ${volume}`).toContain(volume.split(':')[0]);
      }
    }
  });

  it('keeps PostgreSQL in a named volume and starts the kiosk once it answers', () => {
    const postgres = services.postgres!;
    expect(postgres.volumes).toContain('pgdata:/var/lib/postgresql/data');
    expect(postgres.healthcheck?.test?.join(' ')).toMatch(/pg_isready/);
    expect(services.kiosk!.depends_on?.postgres?.condition).toBe('service_healthy');
    for (const gateway of ['gateway1', 'gateway2']) {
      expect(services[gateway]!.depends_on?.kiosk?.condition).toBe('service_healthy');
      expect(services[gateway]!.healthcheck?.test?.join(' ')).toMatch(/\/health/);
    }
    expect(services.kiosk!.healthcheck?.test?.join(' ')).toMatch(/\/v1\/ready/);
  });

  it('runs production: never the demo or the test clock', () => {
    for (const name of APP_SERVICES) {
      const environment = services[name]!.environment ?? {};
      expect(environment.NODE_ENV, name).toBe('production');
      expect(Object.keys(environment), name).not.toContain('DEMO');
      expect(Object.keys(environment), name).not.toContain('TEST_CLOCK');
    }
  });

  it('takes every secret from .env with no default, and refuses to start without the required ones', () => {
    for (const { name, operator, rest } of interpolations) {
      if (REQUIRED.includes(name)) {
        expect({ name, operator }).toEqual({ name, operator: ':?' });
        expect(rest, name).toMatch(/\.env/);
      } else if (SECRET_NAME.test(name)) {
        // optional (a real payment provider, the first admin): empty unless .env sets it
        expect({ name, operator, rest }).toEqual({ name, operator: ':-', rest: '' });
      }
    }
    for (const name of REQUIRED) expect(interpolations.map((i) => i.name)).toContain(name);
    // nor any written into a service
    for (const [service, { environment = {} }] of Object.entries(services)) {
      for (const [key, value] of Object.entries(environment)) {
        if (!SECRET_NAME.test(key)) continue;
        const withoutVariables = String(value).replace(/\$\{[^}]*\}/g, '');
        expect(String(value), `${service}.${key}`).toMatch(/\$\{/);
        expect(withoutVariables, `${service}.${key}`).not.toMatch(/change|secret|password|^club$/i);
      }
    }
  });
});

describe('.env.example', () => {
  const text = read('.env.example');
  const settings = [...text.matchAll(/^([A-Z_][A-Z0-9_]*)=(.*)$/gm)].map((m) => ({ name: m[1]!, value: m[2]! }));
  const mentioned = new Set([...text.matchAll(/^#? ?([A-Z_][A-Z0-9_]*)=/gm)].map((m) => m[1]!));

  it('offers every variable compose reads, and no value for a secret', () => {
    for (const { name } of interpolations)
      expect(
        settings.map((s) => s.name),
        name,
      ).toContain(name);
    for (const { name, value } of settings)
      if (SECRET_NAME.test(name)) expect({ name, value }).toEqual({ name, value: '' });
  });

  it('documents every variable the kiosk and the gateway read', () => {
    const runtime = ['WEB_DIST', 'MIGRATIONS_DIR'];
    for (const name of [...CONFIG_VARIABLES, ...GATEWAY_CONFIG_VARIABLES, ...runtime]) {
      expect(mentioned.has(name), `${name} is not in .env.example`).toBe(true);
    }
  });

  it('is the only .env file that may be committed', () => {
    const files = ['ls-files', '--cached', '--others', '--exclude-standard'];
    const tracked = execFileSync('git', files, { cwd: ROOT, encoding: 'utf8' }).split('\n');
    expect(tracked.filter((f) => /(^|\/)\.env($|\.)/.test(f))).toEqual(['.env.example']);
  });
});

const composeBinary = spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;

describe.skipIf(!composeBinary)('docker-compose itself', () => {
  // an empty settings file instead of the checkout's own .env, if it has one
  const empty = join(mkdtempSync(join(tmpdir(), 'club-compose-')), '.env');
  writeFileSync(empty, '');
  afterAll(() => rmSync(dirname(empty), { recursive: true, force: true }));

  /** `docker-compose config` with exactly `env` */
  const config = (env: Record<string, string>) =>
    spawnSync('docker-compose', ['--env-file', empty, '-f', 'docker-compose.yml', 'config', '--quiet'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8',
    });
  const required = {
    GATEWAY_SECRET: 'a'.repeat(64),
    POSTGRES_PASSWORD: 'b'.repeat(32),
    SMTP_URL: 'smtp://mail.example.no:587',
    PUBLIC_URL: 'https://klubb.example.no',
    VAPID_PUBLIC_KEY: `B${'p'.repeat(86)}`,
    VAPID_PRIVATE_KEY: 'k'.repeat(43),
    VAPID_SUBJECT: 'mailto:drift@klubb.example.no',
  };

  it('asks for everything a production start needs: the app refuses nothing once compose accepts', () => {
    // what compose passes the kiosk when .env holds only the required values (payments simulated on purpose)
    const env = ZEnv.parse({
      ...required,
      GATEWAY_SECRET: randomBytes(32).toString('hex'),
      NODE_ENV: 'production',
      GATEWAY_URL: 'http://lb:8081',
      DATABASE_URL: 'postgres://club:pw@postgres:5432/club',
      PAYMENTS_SIMULATOR: '1',
    });
    expect(productionRefusals(env)).toEqual([]);
    for (const name of REQUIRED.filter((n) => n !== 'POSTGRES_PASSWORD'))
      expect(productionRefusals({ ...env, [name]: undefined }).join(' '), name).toContain(name);
  });

  it('accepts the file once the required values are set', () => {
    const answer = config(required);
    expect(answer.stderr).toBe('');
    expect(answer.status).toBe(0);
  });

  it.each(REQUIRED)('refuses to start without %s, naming it', (name) => {
    const answer = config({ ...required, [name]: '' });
    expect(answer.status).not.toBe(0);
    expect(answer.stderr).toContain(`set ${name} in .env`);
  });
});

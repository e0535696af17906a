/**
 * The proxy in front of the scaled deployment routes no internal endpoint: the kiosk's
 * realtime reads (every order and notification, for the gateways only), the gateways'
 * event webhook and metrics. Checked on the configuration as written, and, where nginx is
 * installed, on a real nginx running it in front of stand-ins for the kiosk and the gateways.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/node-process.ts';
import { actionOf, listenPorts, locationFor, parseNginx, servers } from './nginx-conf.ts';
import { compose, publishedPorts, read } from './repo-files.ts';

const NGINX_CONF = 'realtime/deploy/nginx.conf';
const INTERNAL = [
  '/v1/realtime/read',
  '/v1/realtime/snapshot',
  '/v1/realtime/anything-added-later',
  '/realtime/kiosk-events',
  '/metrics',
  '/v1/metrics',
];

const config = parseNginx(read(NGINX_CONF));
const published = Object.values(compose().services).flatMap(publishedPorts);
const publicServers = servers(config).filter((s) => listenPorts(s).some((p) => published.includes(p)));
const internalServers = servers(config).filter((s) => !publicServers.includes(s));

describe('the proxy configuration', () => {
  it('publishes one server, on the port compose publishes, and no other service is published', () => {
    expect(publicServers).toHaveLength(1);
    const services = compose().services;
    const publishing = Object.entries(services).filter(([, s]) => publishedPorts(s).length);
    expect(publishing.map(([name]) => name)).toEqual(['lb']);
    for (const server of internalServers) {
      for (const port of listenPorts(server)) expect(published).not.toContain(port);
    }
  });

  it.each(INTERNAL)('answers %s with 404 from outside, never passing it on', (path) => {
    const action = actionOf(locationFor(publicServers[0]!, path));
    expect(action.proxy).toBeUndefined();
    expect(action.status).toBe(404);
  });

  it('passes the API and the web app to the kiosk and sockets to the gateways', () => {
    const server = publicServers[0]!;
    expect(actionOf(locationFor(server, '/v1/auth/login')).proxy).toBe('http://kiosk');
    expect(actionOf(locationFor(server, '/')).proxy).toBe('http://kiosk');
    expect(actionOf(locationFor(server, '/admin/users')).proxy).toBe('http://kiosk');
    expect(actionOf(locationFor(server, '/socket.io/')).proxy).toBe('http://gateways');
  });

  it('gives the gateways only their webhook on the internal port', () => {
    expect(internalServers).toHaveLength(1);
    const server = internalServers[0]!;
    expect(actionOf(locationFor(server, '/realtime/kiosk-events')).proxy).toBe('http://gateways');
    for (const path of ['/v1/realtime/read', '/socket.io/', '/metrics', '/health']) {
      expect(actionOf(locationFor(server, path)).status).toBe(404);
    }
  });
});

const nginxBinary = (() => {
  try {
    execFileSync('nginx', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!nginxBinary)('a real nginx running the configuration', () => {
  const seen: { kiosk: string[]; gateways: string[] } = { kiosk: [], gateways: [] };
  const standIns: Server[] = [];
  let dir: string;
  let ports: { public: number; internal: number };
  let nginx: ReturnType<typeof spawn> | undefined;

  /** an upstream that records what reached it and says who it is */
  async function standIn(name: keyof typeof seen): Promise<number> {
    const server = createServer((req, res) => {
      seen[name].push(req.url ?? '');
      res.end(name);
    });
    standIns.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as { port: number }).port;
  }

  beforeAll(async () => {
    const kiosk = await standIn('kiosk');
    const gateways = await standIn('gateways');
    ports = { public: await freePort(), internal: await freePort() };
    dir = mkdtempSync(join(tmpdir(), 'club-nginx-'));
    // the configuration as shipped, with the compose network's names and ports put on this machine
    const site = read(NGINX_CONF)
      .replace('server kiosk:3000;', `server 127.0.0.1:${kiosk};`)
      .replace(/server gateway\d:3001/g, `server 127.0.0.1:${gateways}`)
      .replace('listen 8080;', `listen 127.0.0.1:${ports.public};`)
      .replace('listen 8081;', `listen 127.0.0.1:${ports.internal};`);
    writeFileSync(join(dir, 'site.conf'), site);
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${dir}/${t};`);
    writeFileSync(
      join(dir, 'nginx.conf'),
      `daemon off;\nmaster_process off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\naccess_log off;\n${temp.join('\n')}\ninclude ${dir}/site.conf;\n}\n`,
    );
    nginx = spawn('nginx', ['-p', dir, '-e', `${dir}/error.log`, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      if (
        await get(ports.public, '/').then(
          () => true,
          () => false,
        )
      )
        return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('nginx did not start');
  });

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    for (const server of standIns) server.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** a GET with the path exactly as written (fetch would normalise it first) */
  function get(port: number, path: string, method = 'GET'): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('answers the internal endpoints with 404, however the path is spelled, and passes none on', async () => {
    seen.kiosk.length = 0;
    seen.gateways.length = 0;
    const spellings = INTERNAL.flatMap((path) => [
      path,
      `/${path}`,
      path.replace('/realtime/', '/./realtime/'),
      path.replace('/realtime/', '/x/../realtime/'),
      path.replace('realtime', '%72ealtime').replace('metrics', '%6detrics'),
      `${path}?after=1`,
    ]);
    for (const path of spellings) {
      const answer = await get(ports.public, path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
    }
    expect(seen).toEqual({ kiosk: [], gateways: [] });
  });

  it('passes the API, the app and photos to the kiosk, and sockets to a gateway', async () => {
    expect((await get(ports.public, '/v1/health')).body).toBe('kiosk');
    expect((await get(ports.public, '/tv')).body).toBe('kiosk');
    expect((await get(ports.public, '/uploads/products/1.webp')).body).toBe('kiosk');
    expect((await get(ports.public, '/socket.io/?EIO=4&transport=websocket')).body).toBe('gateways');
    expect((await get(ports.internal, '/realtime/kiosk-events', 'POST')).body).toBe('gateways');
    expect((await get(ports.internal, '/v1/realtime/read')).status).toBe(404);
  });
});

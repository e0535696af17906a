/**
 * The TLS terminator a club puts in front of the kiosk (docs/deploy.md): nginx, serving HTTPS
 * and HTTP/2, with a certificate made for the run. A player's phone loads the app through one,
 * so the Lighthouse bench does too. Over the kiosk's own plain HTTP/1.1, each of a first load's
 * parallel downloads opened a TCP connection of its own, and Lighthouse's simulated slow 4G gave
 * every one of them a handshake and a slow start (the app chunk: 1.25 s for 63 kB); over HTTP/2
 * the page's requests share one connection, as they do in the club. It is the club's side:
 * like the server, it yields the CPU to the phone.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, lowestPriority, sleep } from './lib.ts';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface TlsTerminator {
  /** the address the browser opens: `https://127.0.0.1:<port>` */
  url: string;
  /**
   * Chromium's flag that trusts this run's certificate and no other (its public key's hash),
   * as a club's browsers trust the club's real certificate
   */
  chromeFlag: string;
  stop(): Promise<void>;
}

/** The compose proxy's routes (realtime/deploy/nginx.conf) to one kiosk, behind TLS. */
function config(dir: string, port: number, upstream: number): string {
  return `daemon off;
worker_processes 1;
worker_priority 19;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events {}
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  map $http_upgrade $connection_upgrade {
    default upgrade;
    ''      close;
  }
  upstream kiosk {
    server 127.0.0.1:${upstream};
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    location /socket.io/ {
      proxy_pass http://kiosk;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto https;
      proxy_read_timeout 1h;
    }
    location / {
      proxy_pass http://kiosk;
      proxy_http_version 1.1;
      proxy_set_header Connection '';
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto https;
    }
  }
}
`;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** nginx in front of the kiosk on `upstream`, until stopped. */
export async function startTlsTerminator(upstream: number): Promise<TlsTerminator> {
  if (!existsSync(NGINX))
    throw new Error(
      `no nginx at ${NGINX} (apt-get install nginx-light, or set NGINX_PATH): the phone loads the app over HTTPS and HTTP/2`,
    );
  const dir = mkdtempSync(join(tmpdir(), 'bench-tls-'));
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2']
      .concat(['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'])
      .concat(['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')]),
    { stdio: 'ignore' },
  );
  const port = await freePort();
  writeFileSync(join(dir, 'nginx.conf'), config(dir, port, upstream));
  const nginx: ChildProcess = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], {
    stdio: 'inherit',
    detached: true,
  });
  // the master and its worker: the group the master leads
  const killed = () => {
    if (nginx.exitCode === null && nginx.pid) process.kill(-nginx.pid, 'SIGKILL');
  };
  process.on('exit', killed);
  for (let tries = 0; !(await accepts(port)); tries++) {
    if (nginx.exitCode !== null || tries > 100) throw new Error(`nginx did not start (${join(dir, 'error.log')})`);
    await sleep(50);
  }
  // the club's side, as the server is: a session of its own (its worker too, `worker_priority`)
  // at the lowest priority (lib.ts)
  lowestPriority({ pid: nginx.pid });
  const spki = createPublicKey(readFileSync(join(dir, 'cert.pem'))).export({ type: 'spki', format: 'der' });
  return {
    url: `https://127.0.0.1:${port}`,
    chromeFlag: `--ignore-certificate-errors-spki-list=${createHash('sha256').update(spki).digest('base64')}`,
    async stop() {
      process.off('exit', killed);
      if (nginx.exitCode === null) {
        nginx.kill('SIGQUIT');
        await new Promise((resolve) => nginx.once('exit', resolve));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The realtime bench's servers: the kiosk (`main.ts`), the gateway (in the kiosk's process, or
 * its own fed by the signed webhook, alone or several on PostgreSQL), the bare Socket.IO server,
 * and a club of TABLES tables with one player at each.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort, sleep, startScript, waitHttp } from './lib.ts';

/**
 * `embedded`: what `npm start` runs, the gateway in the kiosk's process (events handed over in
 * memory); `split`: the gateway as its own process, fed by the signed webhook.
 */
export type Mode = 'embedded' | 'split';

export const TABLES = Number(process.env.BENCH_TABLES ?? 10);
const SECRET = 'bench-gateway-secret-0123456789abcdef';
const ADMIN = { email: 'bench-admin@club.test', password: 'bench-admin-password' };

/** CPU (user+system, ms) and RSS (bytes) of a process, from /proc. */
export function usage(pid: number): { cpuMs: number; rss: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rssPages = Number(fields[21]);
  return { cpuMs: (ticks * 1000) / 100, rss: rssPages * 4096 };
}

async function api(base: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

export interface Servers {
  kiosk: ChildProcess;
  kioskUrl: string;
  /** the gateways (the kiosk itself when embedded); the kiosk's webhook goes to the first */
  gateways: { process: ChildProcess; url: string }[];
  bare?: { process: ChildProcess; url: string };
}

/** One more gateway process (split deployment); with a database it joins the others through the adapter. */
export async function startGateway(kioskUrl: string, databaseUrl?: string, port?: number) {
  const p = port ?? (await freePort());
  const url = `http://127.0.0.1:${p}`;
  const child = startScript('realtime/src/main.ts', {
    PORT: String(p),
    HOST: '127.0.0.1',
    KIOSK_URL: kioskUrl,
    GATEWAY_SECRET: SECRET,
    // not 'production': that refuses the test key and a gateway without an https address
    NODE_ENV: 'test',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  await waitHttp(`${url}/health`);
  // ready once its first snapshot of the club is in: a subscribe before that is refused
  for (const until = Date.now() + 30_000; Date.now() < until; await sleep(100)) {
    const health = (await (await fetch(`${url}/health`)).json()) as { ready?: boolean };
    if (health.ready !== false) break;
  }
  return { process: child, url };
}

/**
 * The kiosk and its gateway for `mode`, and the bare server unless `bare` is false. With a
 * database, the kiosk runs on PostgreSQL and the gateway (split) joins the adapter.
 */
export async function startServers(mode: Mode, options: { bare?: boolean; databaseUrl?: string } = {}) {
  const kioskPort = await freePort();
  const gatewayPort = await freePort();
  const kioskUrl = `http://127.0.0.1:${kioskPort}`;
  const kiosk = startScript('main.ts', {
    PORT: String(kioskPort),
    HOST: '127.0.0.1',
    DEMO: '0',
    NODE_ENV: 'test',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    AUTH_RATE_LIMIT: '100000',
    GATEWAY_SECRET: SECRET,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { DATA_DIR: 'memory://' }),
    ...(mode === 'split' ? { GATEWAY_URL: `http://127.0.0.1:${gatewayPort}` } : {}),
  });
  await waitHttp(`${kioskUrl}/v1/health`);
  const gateways =
    mode === 'split'
      ? [await startGateway(kioskUrl, options.databaseUrl, gatewayPort)]
      : [{ process: kiosk, url: kioskUrl }];
  let bare: Servers['bare'];
  if (options.bare !== false) {
    const barePort = await freePort();
    bare = {
      process: startScript('bench/bare-server.ts', { PORT: String(barePort) }),
      url: `http://127.0.0.1:${barePort}`,
    };
  }
  await sleep(1500);
  return { kiosk, kioskUrl, gateways, bare } satisfies Servers;
}

export interface BenchGame {
  tableId: number;
  gameId: number;
  token: string;
  paused: boolean;
}

/** A club: TABLES tables, one player playing at each. */
export async function setUpGames(kioskUrl: string): Promise<BenchGame[]> {
  const admin = (await api(kioskUrl, '/v1/auth/login', ADMIN)).token as string;
  const games: BenchGame[] = [];
  for (let t = 0; t < TABLES; t++) {
    const table = (
      await api(kioskUrl, '/v1/table/create', { name: `Bord ${t + 1}`, capacity: 4, price_per_minute: 250 }, admin)
    ).table as { id: number };
    const email = `bench.${t}.${Date.now()}@club.test`;
    const person = { name: 'Bench', surname: `Player ${t}`, email, phone: `4${String(Date.now()).slice(-6)}${t}` };
    const registered = await api(kioskUrl, '/v1/auth/register', {
      ...person,
      password: 'bench password',
      password_confirmation: 'bench password',
    });
    // confirmed by the staff: playing needs a proven address
    const { id, phone } = registered.user as { id: number; phone: string };
    await api(kioskUrl, '/v1/user/update', { ...person, id, phone, role: 2, email_verified: true }, admin);
    const token = (await api(kioskUrl, '/v1/auth/login', { email, password: 'bench password' })).token as string;
    const game = (await api(kioskUrl, '/v1/game/join', { table_id: table.id }, token)).game as { id: number };
    games.push({ tableId: table.id, gameId: game.id, token, paused: false });
  }
  await sleep(500);
  return games;
}

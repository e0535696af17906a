/**
 * Test helpers: a real gateway on a random port in front of a real kiosk, and real
 * socket.io-client connections that record what they receive. No mocks.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AckAnswer, ClientToServerEvents, ServerToClientEvents, TRoomSnapshot } from '@club/shared/realtime';
import { getRequestListener } from '@hono/node-server';
import { io as connect, type Socket } from 'socket.io-client';
import { createGateway, type Gateway, type GatewayOptions } from './gateway.ts';
import { createKioskClient } from './kiosk-client.ts';
import { kioskEventsApp } from './webhook.ts';

export const SECRET = 'test-gateway-secret-0123456789abcdef';
export const silentLogger = { debug() {}, info() {}, warn() {}, error() {} };
export const logger =
  process.env.TEST_LOG_LEVEL === 'debug'
    ? { debug: console.debug, info: console.info, warn: console.warn, error: console.error }
    : silentLogger;

/** An HTTP server listening now (so its URL is known) that a gateway takes over later. */
export async function listen(port = 0): Promise<{
  server: Server;
  port: number;
  url: string;
  handle(listener: ((req: IncomingMessage, res: ServerResponse) => void) | null): void;
}> {
  let listener: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => {
    if (listener) return listener(req, res);
    res.writeHead(503).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    server,
    port: actual,
    url: `http://127.0.0.1:${actual}`,
    handle(next) {
      listener = next;
    },
  };
}

/** A free port, for something that starts later. */
export async function freePort(): Promise<number> {
  const { server, port } = await listen();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface TestGateway {
  gateway: Gateway;
  url: string;
  port: number;
  close(): Promise<void>;
}

/** A gateway (Socket.IO + the kiosk-events webhook) on a real port, reading a real kiosk. */
export async function startGateway(
  options: { kioskUrl: string; port?: number; secret?: string } & Partial<Omit<GatewayOptions, 'httpServer' | 'kiosk'>>,
): Promise<TestGateway> {
  const { kioskUrl, port, secret = SECRET, ...rest } = options;
  const http = await listen(port ?? 0);
  const kiosk = createKioskClient({ baseUrl: kioskUrl, secret });
  const gateway = createGateway({
    httpServer: http.server,
    kiosk,
    logger,
    tickIntervalMs: 50,
    ...rest,
  });
  http.handle(getRequestListener(kioskEventsApp(gateway, secret, logger).fetch));
  await gateway.ready;
  return {
    gateway,
    url: http.url,
    port: http.port,
    close: () => gateway.close(),
  };
}

type EventName = keyof ServerToClientEvents;
/** The payload of one server event, by its name. */
export type PayloadOf<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

export interface Received {
  event: EventName;
  /** every server payload carries the kiosk's sequence number */
  payload: PayloadOf<EventName> & { seq: number };
  at: number;
}

export interface TestClient {
  socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  received: Received[];
  subscribe(room: string): Promise<AckAnswer<TRoomSnapshot>>;
  sync(room: string): Promise<AckAnswer<TRoomSnapshot>>;
  /** the first received event (from `from` on) that matches */
  waitFor<E extends EventName>(
    event: E,
    match?: (payload: PayloadOf<E>) => boolean,
    timeoutMs?: number,
  ): Promise<PayloadOf<E>>;
  of<E extends EventName>(event: E, match?: (payload: PayloadOf<E>) => boolean): PayloadOf<E>[];
  clear(): void;
  close(): void;
}

export async function connectClient(
  url: string,
  /**
   * `auth` replaces the handshake's `{ token }` as is (malformed ones, for fuzzing); `cookie`
   * is the handshake's `Cookie` header, as a browser sends its session
   */
  options: { token?: string; auth?: Record<string, unknown>; origin?: string; cookie?: string; connect?: boolean } = {},
): Promise<TestClient> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(url, {
    transports: ['websocket'],
    auth: options.auth ?? (options.token ? { token: options.token } : {}),
    reconnectionDelay: 100,
    reconnectionDelayMax: 300,
    forceNew: true,
    extraHeaders: {
      ...(options.origin ? { origin: options.origin } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });
  const received: Received[] = [];
  socket.onAny((event: Received['event'], payload: Received['payload']) => {
    received.push({ event, payload, at: Date.now() });
  });
  if (options.connect !== false) {
    await new Promise<void>((resolve, reject) => {
      const failed = (error: Error) => {
        socket.off('connect', connected);
        socket.close();
        reject(error);
      };
      const connected = () => {
        socket.off('connect_error', failed);
        resolve();
      };
      socket.once('connect', connected);
      socket.once('connect_error', failed);
    });
  }
  // the socket delivers each event with its own payload type, so the name decides the type
  const find = <E extends EventName>(event: E, match?: (p: PayloadOf<E>) => boolean) =>
    received
      .filter((r) => r.event === event)
      .map((r) => r.payload as PayloadOf<E>)
      .filter((payload) => !match || match(payload));
  return {
    socket,
    received,
    subscribe: (room) => socket.timeout(10_000).emitWithAck('subscribe', { room }),
    sync: (room) => socket.timeout(10_000).emitWithAck('sync', { room }),
    async waitFor(event, match, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const [hit] = find(event, match);
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(
        `no ${event} within ${timeoutMs} ms; got ${received.map((r) => r.event).join(', ') || 'nothing'}`,
      );
    },
    of: find,
    clear() {
      received.length = 0;
    },
    close() {
      socket.close();
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `check` holds (polling), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 5000, what = 'condition'): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < until) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await sleep(20);
  }
  throw new Error(`${what} not met within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
}

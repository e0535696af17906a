import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { ClientToServerEvents, ServerToClientEvents } from '@club/shared/realtime';
import type { TGame, TTable } from '@club/shared/tables';
import { Server, type ServerOptions, type Socket } from 'socket.io';
import type { SocketUser } from './kiosk-client.ts';

export interface Logger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What gateways tell each other through the adapter (several gateways on one PostgreSQL). */
export interface Applied {
  ids: number[];
  seq: number;
  tables: TTable[];
  removedTables: number[];
  games: TGame[];
  roomSeqs: [string, number][];
}
export interface InterServerEvents {
  'gateway:applied': (applied: Applied) => void;
  /** the ticker's minutes per player: what a gateway that takes over goes on from */
  'gateway:ticked': (players: [number, number][]) => void;
}
export interface SocketData {
  user: SocketUser | null;
  token: string | null;
}
export type GatewayServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type GatewaySocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** The Socket.IO server at `/socket.io`: websockets only, small frames, browsers from allowed origins. */
export function createSocketServer(
  httpServer: HttpServer,
  options: { allowedOrigins?: string[]; adapter?: ServerOptions['adapter'] },
): GatewayServer {
  const allowed = new Set((options.allowedOrigins ?? []).map((o) => new URL(o).origin));
  return new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    transports: ['websocket'],
    maxHttpBufferSize: 16 * 1024,
    allowRequest: (req, callback) => callback(null, originAllowed(req, allowed)),
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });
}

/** The handshake's Origin: none (not a browser), the request's own host, or one allowed. */
export function originAllowed(req: IncomingMessage, allowed: Set<string>): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (allowed.has(url.origin)) return true;
  const host = req.headers['x-forwarded-host'] ?? req.headers.host;
  return typeof host === 'string' && url.host === host.split(',')[0]!.trim();
}

/**
 * The club as a phone or a staff browser meets it through nginx: JSON calls that keep the
 * session the login set, and Socket.IO clients that reconnect as the web app's do.
 */
import { RECONNECT } from '@club/shared/realtime';
import { io, type Socket } from 'socket.io-client';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export interface Session {
  cookie?: string;
  token?: string;
}

export function clubClient(baseUrl: string, publicUrl: string) {
  const headersOf = (session?: Session) => ({
    // a browser's state-changing call carries the page's origin
    origin: new URL(publicUrl).origin,
    ...(session?.cookie ? { cookie: session.cookie } : {}),
    ...(session?.token ? { authorization: `Bearer ${session.token}` } : {}),
  });
  const call = async (method: string, path: string, body?: unknown, session?: Session): Promise<Answer> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...headersOf(session), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = { text };
    }
    return { status: response.status, body: parsed };
  };
  return {
    baseUrl,
    call,
    get: (path: string, session?: Session) => call('GET', path, undefined, session),
    post: (path: string, body: unknown, session?: Session) => call('POST', path, body, session),
    async upload(path: string, form: FormData, session: Session): Promise<Answer> {
      const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: headersOf(session), body: form });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    async login(email: string, password: string): Promise<Session> {
      const response = await fetch(`${baseUrl}/v1/auth/login`, {
        method: 'POST',
        headers: { ...headersOf(), 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const body = (await response.json()) as { token?: string };
      if (response.status !== 200) throw new Error(`login ${email}: ${response.status} ${JSON.stringify(body)}`);
      const token = response.headers.getSetCookie().find((c) => c.startsWith('token='));
      return token ? { cookie: token.split(';')[0]! } : { token: body.token! };
    },
  };
}

export interface Watcher {
  socket: Socket;
  /** when each `table:updated` arrived, with the table's name */
  seen: { at: number; name: string }[];
  /** each stretch without a connection: from the drop to the next connect (open: to = null) */
  outages: { from: number; to: number | null }[];
  close(): void;
}

/** A wall TV's socket: the floor room, subscribed again after every reconnect. */
export async function watchFloor(baseUrl: string): Promise<Watcher> {
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: true,
    reconnectionDelay: RECONNECT.firstDelayMs,
    reconnectionDelayMax: RECONNECT.maxDelayMs,
    randomizationFactor: 0.5,
    timeout: RECONNECT.connectTimeoutMs,
  });
  const watcher: Watcher = { socket, seen: [], outages: [], close: () => socket.close() };
  socket.on('table:updated', (payload: { table: { name: string } }) => {
    watcher.seen.push({ at: Date.now(), name: payload.table.name });
  });
  socket.on('disconnect', () => {
    watcher.outages.push({ from: Date.now(), to: null });
  });
  const subscribed = new Promise<void>((resolve, reject) => {
    socket.on('connect', () => {
      const open = watcher.outages.at(-1);
      if (open && open.to === null) open.to = Date.now();
      socket
        .timeout(10_000)
        .emitWithAck('subscribe', { room: 'floor' })
        .then(() => resolve(), reject);
    });
  });
  await subscribed;
  return watcher;
}

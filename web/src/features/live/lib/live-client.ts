/**
 * The tab's one Socket.IO connection to the realtime gateway (DESIGN §5, realtime/README):
 * websocket transport only, the login in the handshake: a browser's session cookie rides on
 * it by itself (none for the TV), an API client (a test) gives its token,
 * reconnecting forever with backoff — also where Socket.IO itself gives up (a refused
 * handshake, a server-side disconnect).
 *
 * Rooms are followed by the screens that need them. For each room the client keeps the
 * last sequence number it saw and applies the protocol's rules: a snapshot on subscribe,
 * events older than what it holds are dropped (ticks excepted), a skipped sequence number,
 * a reconnect or a tab waking up asks for `sync`. Everything received goes through the
 * cache writer into the TanStack Query cache.
 */
import { skewFrom } from '@club/shared/clock';
import type { ErrorKey } from '@club/shared/errors';
import {
  type ClientToServerEvents,
  missedEvents,
  RECONNECT,
  type ServerPayload,
  type ServerToClientEvents,
  type TRoomSnapshot,
  userRoom,
  ZRoomSnapshot,
  ZServerPayloads,
} from '@club/shared/realtime';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { type CacheWriter, LIVE_EVENTS, type LiveEventName } from './cache-writer.ts';
import { LiveRoomError } from './live-room-error.ts';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type LiveStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting';
export type KickedPayload = ServerPayload<'player:kicked'>;

export { LiveRoomError };

export interface LiveClientOptions {
  /** the gateway's origin; the page's own when absent */
  url?: string;
  /**
   * An API client's bearer token for the handshake (tests, devices). A browser has none to
   * give: its HttpOnly session cookie goes with the websocket's handshake by itself.
   */
  getToken?(): string | null;
  writer: CacheWriter;
  /** the logged-in person's user id (for `player:kicked` in their own room) */
  me(): number | null;
  /** a `player:kicked` for the logged-in person, in their own room */
  onKicked?(payload: KickedPayload): void;
  /** the gateway refused the token: let the API client decide whether the session is gone */
  onAuthRejected?(): void;
  log?(message: string, detail?: unknown): void;
  /** for tests: another socket factory, shorter delays */
  connect?: (url: string | undefined, options: Partial<ManagerOptions & SocketOptions>) => LiveSocket;
  retryMinMs?: number;
  retryMaxMs?: number;
  ackTimeoutMs?: number;
  /** how long an unfollowed room stays subscribed (a screen coming right back) */
  lingerMs?: number;
  /** where visibility changes are heard (a sleeping phone); none in tests without a DOM */
  visibility?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'> | null;
}

export interface LiveClient {
  status(): LiveStatus;
  onStatus(listener: () => void): () => void;
  /** follows a room (ref-counted) until the returned function is called */
  follow(room: string): () => void;
  /** the room's next snapshot (for a query function): subscribes or syncs as needed */
  snapshot(room: string): Promise<TRoomSnapshot>;
  /** asks for a fresh snapshot of a followed room */
  sync(room: string): void;
  /** asks for a fresh snapshot of every followed room */
  syncAll(): void;
  /** the last sequence number applied for a room */
  lastSeq(room: string): number | undefined;
  /** now on the server's clock, corrected by the skew of the last snapshot */
  serverNow(): number;
  /** the login changed (login, logout): connect again with the new one */
  restart(): void;
  close(): void;
  /** for tests */
  readonly socket: LiveSocket;
}

interface Waiter {
  resolve(snapshot: TRoomSnapshot): void;
  reject(error: Error): void;
}

interface RoomEntry {
  count: number;
  last: number | undefined;
  /** `last` is a snapshot's: an event of that number is in it already */
  lastInSnapshot: boolean;
  /** the id of the request under way, 0 when none */
  inFlight: number;
  /** a request failed for a reason worth retrying, or came back stale: ask again */
  again: boolean;
  /** the last snapshot was already a second ask after a stale one: do not loop */
  staleRetried: boolean;
  /** events may have been lost (a gap, a reconnect, a sleep): the next snapshot says so to the writer */
  missed: boolean;
  waiters: Waiter[];
  retries: number;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
  lingerTimer: ReturnType<typeof setTimeout> | undefined;
}

const RETRYABLE = new Set<string>(['error.rate_limited', 'error.service_unavailable', 'error.timeout']);
/** a tab hidden at least this long syncs when it comes back (a phone's screen was off) */
const WAKE_AFTER_MS = 2_000;

export function createLiveClient(options: LiveClientOptions): LiveClient {
  const log = options.log ?? (() => undefined);
  const retryMin = options.retryMinMs ?? RECONNECT.firstDelayMs;
  const retryMax = options.retryMaxMs ?? RECONNECT.maxDelayMs;
  const ackTimeout = options.ackTimeoutMs ?? 10_000;
  const linger = options.lingerMs ?? 3_000;
  const make = options.connect ?? ((url, o) => (url ? io(url, o) : io(o)) as LiveSocket);

  const socket = make(options.url, {
    path: '/socket.io',
    transports: ['websocket'],
    autoConnect: false,
    reconnection: true,
    reconnectionDelay: retryMin,
    reconnectionDelayMax: retryMax,
    timeout: RECONNECT.connectTimeoutMs,
    randomizationFactor: 0.5,
    // read at every attempt, so a new login is used on the next connect
    auth: (cb) => {
      const token = options.getToken?.();
      cb(token ? { token } : {});
    },
  });

  const rooms = new Map<string, RoomEntry>();
  const listeners = new Set<() => void>();
  let status: LiveStatus = 'idle';
  let everConnected = false;
  let closed = false;
  let skew = 0;
  let attempts = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let hiddenAt: number | null = null;

  function setStatus(next: LiveStatus) {
    if (status === next) return;
    status = next;
    for (const listener of listeners) listener();
  }

  // jittered, and never past the longest wait: a screen back online is back within it
  const backoff = (n: number) => {
    const base = retryMin * 2 ** Math.min(n, 10);
    return Math.min(retryMax, Math.round(base * (0.75 + Math.random() * 0.5)));
  };

  function entryOf(room: string): RoomEntry {
    let entry = rooms.get(room);
    if (!entry) {
      entry = {
        count: 0,
        last: undefined,
        lastInSnapshot: false,
        inFlight: 0,
        again: false,
        staleRetried: false,
        missed: false,
        waiters: [],
        retries: 0,
        retryTimer: undefined,
        lingerTimer: undefined,
      };
      rooms.set(room, entry);
    }
    return entry;
  }

  /** starts the socket if a room wants it and nothing is under way */
  function ensureConnected() {
    if (closed || socket.connected || socket.active || reconnectTimer) return;
    if (status === 'idle') setStatus('connecting');
    socket.connect();
  }

  /** Socket.IO does not retry a refused handshake or a server-side disconnect: we do. */
  function scheduleReconnect() {
    if (closed || reconnectTimer || !wanted()) return;
    const delay = backoff(attempts++);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      if (!closed && !socket.connected && !socket.active) socket.connect();
    }, delay);
  }

  const wanted = () => [...rooms.values()].some((e) => e.count > 0 || e.waiters.length > 0);

  function applySnapshot(entry: RoomEntry, snapshot: TRoomSnapshot, joinedAt: number | undefined) {
    skew = skewFrom(snapshot.server_time);
    // events newer than this snapshot were applied while it was on its way: ask again after
    const stale = entry.last !== undefined && snapshot.seq < entry.last;
    entry.last = snapshot.seq;
    entry.lastInSnapshot = true;
    options.writer.snapshot(
      snapshot,
      joinedAt === undefined ? { missed: entry.missed } : { missed: entry.missed, joinedAt },
    );
    entry.missed = false;
    const waiters = entry.waiters.splice(0);
    for (const waiter of waiters) waiter.resolve(snapshot);
    if (stale && !entry.staleRetried) entry.again = true;
    entry.staleRetried = stale;
  }

  function failWaiters(entry: RoomEntry, error: Error) {
    const waiters = entry.waiters.splice(0);
    for (const waiter of waiters) waiter.reject(error);
  }

  let requestIds = 0;

  /**
   * Subscribe (first time) or sync (after a gap, a reconnect, a wake-up) one room. With a
   * request under way, `fresh` asks for one more after it (what it answers may predate a gap).
   */
  async function request(room: string, fresh = false) {
    const entry = rooms.get(room);
    if (!entry || closed) return;
    if (entry.inFlight) {
      if (fresh) entry.again = true;
      return;
    }
    if (!socket.connected) {
      ensureConnected();
      return; // the connect handler asks for every room
    }
    const id = ++requestIds;
    entry.inFlight = id;
    entry.again = false;
    const kind = entry.last === undefined ? 'subscribe' : 'sync';
    const joinedAt = kind === 'subscribe' ? Date.now() : undefined;
    let key: string | null = null;
    try {
      const answer = await socket.timeout(ackTimeout).emitWithAck(kind, { room });
      if ('error' in answer) key = answer.error;
      else {
        const parsed = ZRoomSnapshot.safeParse(answer.data);
        if (!parsed.success) log(`${kind} ${room}: unexpected snapshot`, parsed.error);
        applySnapshot(entry, parsed.success ? parsed.data : answer.data, joinedAt);
        entry.retries = 0;
      }
    } catch {
      key = 'error.timeout';
    } finally {
      if (entry.inFlight === id) entry.inFlight = 0;
    }
    if (rooms.get(room) !== entry) return;
    if (key !== null) {
      if (RETRYABLE.has(key)) {
        clearTimeout(entry.retryTimer);
        entry.retryTimer = setTimeout(
          () => {
            entry.retryTimer = undefined;
            void request(room);
          },
          backoff(entry.retries++),
        );
        return;
      }
      log(`${kind} ${room} refused: ${key}`);
      if (key === 'error.auth_required') options.onAuthRejected?.();
      failWaiters(entry, new LiveRoomError(key as ErrorKey));
      return;
    }
    if (entry.again) void request(room, true);
  }

  function handle<E extends LiveEventName>(name: E, raw: unknown) {
    const parsed = ZServerPayloads[name].safeParse(raw);
    if (!parsed.success) {
      log(`${name}: unexpected payload`, parsed.error);
      return;
    }
    const payload = parsed.data as ServerPayload<E>;
    const room = payload.room;
    const entry = rooms.get(room);
    if (entry) {
      const last = entry.last;
      // one kiosk change may reach a room as several events of one number (a table and its
      // game): only a snapshot's number says they are all held already
      const held = last !== undefined && (payload.seq < last || (payload.seq === last && entry.lastInSnapshot));
      if (name !== 'game:tick' && held) return;
      if (missedEvents(last, payload)) {
        entry.missed = true;
        void request(room, true);
      }
      if (last === undefined || payload.seq > last) {
        entry.last = payload.seq;
        entry.lastInSnapshot = false;
      }
    }
    options.writer.event(name, payload);
    if (name === 'player:kicked') {
      const me = options.me();
      if (me !== null && room === userRoom(me)) options.onKicked?.(payload as KickedPayload);
    }
  }

  for (const name of LIVE_EVENTS) {
    socket.on(name, ((payload: unknown) => handle(name, payload)) as never);
  }

  socket.on('connect', () => {
    attempts = 0;
    clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
    const again = everConnected;
    everConnected = true;
    setStatus('connected');
    for (const [room, entry] of rooms) {
      // a fresh socket is in no room: subscribe (or sync, which joins too) every followed one
      if (entry.count > 0 || entry.waiters.length > 0) void request(room);
      else if (again) rooms.delete(room);
    }
  });

  socket.on('disconnect', (reason) => {
    if (closed) return;
    setStatus('reconnecting');
    for (const entry of rooms.values()) {
      entry.inFlight = 0;
      if (entry.last !== undefined) entry.missed = true;
    }
    // the server (or we) hung up: Socket.IO will not come back by itself
    if (reason === 'io server disconnect') scheduleReconnect();
  });

  socket.on('connect_error', (error) => {
    if (closed) return;
    setStatus('reconnecting');
    if (socket.active) return; // a transport failure: Socket.IO retries with its own backoff
    log(`the gateway refused the connection: ${error.message}`);
    if (error.message === 'error.auth_required') options.onAuthRejected?.();
    scheduleReconnect();
  });

  function onVisibility() {
    const doc = options.visibility;
    if (!doc) return;
    if (doc.visibilityState === 'hidden') {
      hiddenAt = Date.now();
      return;
    }
    const slept = hiddenAt !== null && Date.now() - hiddenAt >= WAKE_AFTER_MS;
    hiddenAt = null;
    if (!slept || !wanted()) return;
    for (const entry of rooms.values()) if (entry.last !== undefined) entry.missed = true;
    if (socket.connected) syncAll();
    else if (!socket.active) {
      clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      ensureConnected();
    }
  }
  options.visibility?.addEventListener('visibilitychange', onVisibility);

  function syncAll() {
    for (const [room, entry] of rooms) if (entry.count > 0) void request(room);
  }

  return {
    socket,
    status: () => status,
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    follow(room) {
      const entry = entryOf(room);
      entry.count += 1;
      clearTimeout(entry.lingerTimer);
      entry.lingerTimer = undefined;
      if (entry.count === 1 && !entry.inFlight && (entry.last === undefined || !socket.connected)) void request(room);
      ensureConnected();
      let done = false;
      return () => {
        if (done) return;
        done = true;
        entry.count -= 1;
        if (entry.count > 0) return;
        entry.lingerTimer = setTimeout(() => {
          entry.lingerTimer = undefined;
          if (entry.count > 0 || entry.waiters.length > 0 || rooms.get(room) !== entry) return;
          rooms.delete(room);
          clearTimeout(entry.retryTimer);
          options.writer.forget(room);
          if (socket.connected) socket.emit('unsubscribe', { room }, () => undefined);
        }, linger);
      };
    },
    snapshot(room) {
      const entry = entryOf(room);
      return new Promise<TRoomSnapshot>((resolve, reject) => {
        entry.waiters.push({ resolve, reject });
        void request(room);
        ensureConnected();
      });
    },
    sync(room) {
      if (rooms.get(room)?.count) void request(room, true);
    },
    syncAll,
    lastSeq: (room) => rooms.get(room)?.last,
    serverNow: () => Date.now() + skew,
    restart() {
      if (closed) return;
      clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      attempts = 0;
      if (socket.connected || socket.active) socket.disconnect();
      if (wanted()) {
        setStatus('connecting');
        socket.connect();
      }
    },
    close() {
      closed = true;
      clearTimeout(reconnectTimer);
      for (const entry of rooms.values()) {
        clearTimeout(entry.retryTimer);
        clearTimeout(entry.lingerTimer);
        failWaiters(entry, new LiveRoomError('error.service_unavailable'));
      }
      rooms.clear();
      options.visibility?.removeEventListener('visibilitychange', onVisibility);
      socket.removeAllListeners();
      socket.disconnect();
      setStatus('idle');
      listeners.clear();
    },
  };
}

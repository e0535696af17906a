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
import { RECONNECT } from '@club/shared/live-events';
import type { TRoomSnapshot } from '@club/shared/realtime';
import { io } from 'socket.io-client';
import type { LiveClient, LiveClientOptions, LiveSocket, LiveStatus } from './live-client-types.ts';
import { LiveRoomError } from './live-room-error.ts';
import { entryOf, failWaiters, type Rooms, wanted } from './room-entry.ts';
import { listenToEvents } from './room-events.ts';
import { createRoomRequests } from './room-requests.ts';
import { onWake } from './wake-on-visible.ts';

export type { KickedPayload, LiveClient, LiveClientOptions, LiveSocket, LiveStatus } from './live-client-types.ts';
export { LiveRoomError };

export function createLiveClient(options: LiveClientOptions): LiveClient {
  const log = options.log ?? (() => undefined);
  const retryMin = options.retryMinMs ?? RECONNECT.firstDelayMs;
  const retryMax = options.retryMaxMs ?? RECONNECT.maxDelayMs;
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

  const rooms: Rooms = new Map();
  const listeners = new Set<() => void>();
  let status: LiveStatus = 'idle';
  let everConnected = false;
  let closed = false;
  let skew = 0;
  let attempts = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

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

  /** starts the socket if a room wants it and nothing is under way */
  function ensureConnected() {
    if (closed || socket.connected || socket.active || reconnectTimer) return;
    if (status === 'idle') setStatus('connecting');
    socket.connect();
  }

  /** Socket.IO does not retry a refused handshake or a server-side disconnect: we do. */
  function scheduleReconnect() {
    if (closed || reconnectTimer || !wanted(rooms)) return;
    const delay = backoff(attempts++);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      if (!closed && !socket.connected && !socket.active) socket.connect();
    }, delay);
  }

  const { request } = createRoomRequests({
    socket,
    rooms,
    writer: options.writer,
    checks: options.checks,
    ackTimeoutMs: options.ackTimeoutMs ?? 10_000,
    backoff,
    ensureConnected,
    isClosed: () => closed,
    setSkew: (next) => {
      skew = next;
    },
    onAuthRejected: options.onAuthRejected,
    readsHold: options.readsHold,
    log,
  });

  listenToEvents({
    socket,
    rooms,
    writer: options.writer,
    checks: options.checks,
    resync: (room) => void request(room, true),
    me: options.me,
    onKicked: options.onKicked,
    log,
  });

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

  const stopWatching = onWake(options.visibility, () => {
    if (!wanted(rooms)) return;
    for (const entry of rooms.values()) if (entry.last !== undefined) entry.missed = true;
    if (socket.connected) syncAll();
    else if (!socket.active) {
      clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      ensureConnected();
    }
  });

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
      const entry = entryOf(rooms, room);
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
      const entry = entryOf(rooms, room);
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
      if (wanted(rooms)) {
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
      stopWatching();
      socket.removeAllListeners();
      socket.disconnect();
      setStatus('idle');
      listeners.clear();
    },
  };
}

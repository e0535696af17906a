import type { LiveClient, LiveSocket, LiveStatus } from './live-client.ts';

/** how long to wait before fetching the socket's code again after the fetch failed (offline) */
const RETRY_LOAD_MS = 5_000;

/**
 * The tab's live client without its code: Socket.IO and the protocol's rules are fetched
 * the first time a screen follows a room or asks for a snapshot, i.e. after the first
 * render, so they are not part of what a phone downloads before it shows anything
 * (`npm run bench -- bundle`). Until then it answers like a client that has not connected.
 */
export function createDeferredLiveClient(
  load: () => Promise<LiveClient>,
  log: (message: string, detail?: unknown) => void = () => undefined,
): LiveClient {
  let real: LiveClient | null = null;
  let loading: Promise<LiveClient> | null = null;
  let closed = false;
  let status: LiveStatus = 'idle';
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  /** rooms followed before the code arrived, attached to the real client when it does */
  const pending = new Set<{ room: string; unfollow: (() => void) | null }>();

  function setStatus(next: LiveStatus) {
    if (status === next) return;
    status = next;
    for (const listener of listeners) listener();
  }

  function client(): Promise<LiveClient> {
    loading ??= load().then(
      (loaded) => {
        if (closed) {
          loaded.close();
          throw new Error('the live client was closed');
        }
        real = loaded;
        loaded.onStatus(() => {
          for (const listener of listeners) listener();
        });
        for (const follow of pending) follow.unfollow = loaded.follow(follow.room);
        pending.clear();
        for (const listener of listeners) listener();
        return loaded;
      },
      (error: unknown) => {
        log('could not load the live client', error);
        loading = null;
        if (closed) throw error;
        setStatus('reconnecting');
        clearTimeout(retryTimer);
        retryTimer = setTimeout(() => {
          if (pending.size > 0) void client().catch(() => undefined);
        }, RETRY_LOAD_MS);
        throw error;
      },
    );
    return loading;
  }

  return {
    get socket(): LiveSocket {
      if (!real) throw new Error('the live client is not loaded yet');
      return real.socket;
    },
    status: () => (real ? real.status() : status),
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    follow(room) {
      if (real) return real.follow(room);
      const follow: { room: string; unfollow: (() => void) | null } = { room, unfollow: null };
      pending.add(follow);
      if (!closed) setStatus('connecting');
      void client().catch(() => undefined);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        pending.delete(follow);
        follow.unfollow?.();
      };
    },
    snapshot: (room) => client().then((loaded) => loaded.snapshot(room)),
    sync: (room) => real?.sync(room),
    syncAll: () => real?.syncAll(),
    lastSeq: (room) => real?.lastSeq(room),
    serverNow: () => (real ? real.serverNow() : Date.now()),
    restart: () => real?.restart(),
    close() {
      closed = true;
      clearTimeout(retryTimer);
      pending.clear();
      real?.close();
      setStatus('idle');
      listeners.clear();
    },
  };
}

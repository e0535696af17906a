/**
 * The live client in React: one client per tab (created on first use), provided to the
 * tree, and hooks for screens — `useLiveRoom('table:3')` follows a room while mounted and
 * reads its snapshot from the query cache, `useLiveStatus()` for the banner,
 * `useLiveNow()` for totals that tick every second on the server's clock.
 */
import type { TRoomSnapshot } from '@club/shared/realtime';
import type { TUser } from '@club/shared/users';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useReducer, useRef, useSyncExternalStore } from 'react';
import { api } from '../../../lib/api.ts';
import { getProfile, profileQueryOptions } from '../../../lib/auth.ts';
import { schemaChecks } from '../../../lib/checks.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import { liveKeys } from '../../../lib/query-keys.ts';
import { isLoggedIn, useLoginEpoch } from '../../../lib/session.ts';
import { createDeferredLiveClient } from './deferred-live-client.ts';
import type { KickedPayload, LiveClient } from './live-client.ts';
import { LiveRoomError } from './live-room-error.ts';

const LiveContext = createContext<LiveClient | null>(null);

/** how often a refused login makes us ask the kiosk whether the session is really gone */
const AUTH_CHECK_EVERY_MS = 10_000;

/** Where a kicked player goes: the payment overview of the order their time became. */
export function kickedDestination(payload: KickedPayload): string {
  return payload.order_id === null ? '/' : `/payment/overview/${payload.order_id}`;
}

/**
 * The tab's client, wired to the session cookie, the query cache, the router and toasts.
 * Its code (Socket.IO, the protocol's rules) loads when a screen first follows a room; the
 * snapshots and events are checked in the checks' worker (lib/checks.ts).
 */
export function createAppLiveClient(queryClient: QueryClient): LiveClient {
  const me = () => queryClient.getQueryData<TUser>(profileQueryOptions().queryKey)?.id ?? null;
  const log = (message: string, detail?: unknown) => console.warn(`[live] ${message}`, detail ?? '');
  let lastAuthCheck = 0;
  return createDeferredLiveClient(async () => {
    const [{ createLiveClient }, { createCacheWriter }] = await Promise.all([
      import('./live-client.ts'),
      import('./cache-writer.ts'),
    ]);
    return createLiveClient({
      me,
      writer: createCacheWriter({ queryClient, me }),
      checks: schemaChecks,
      visibility: typeof document === 'undefined' ? null : document,
      onKicked(payload) {
        showKickedNotice(payload);
        navigateTo(kickedDestination(payload), { replace: true, state: { kicked: true } });
      },
      onAuthRejected() {
        // the API client owns the session: when the kiosk also refuses the login it logs out
        if (!isLoggedIn() || Date.now() - lastAuthCheck < AUTH_CHECK_EVERY_MS) return;
        lastAuthCheck = Date.now();
        void getProfile().catch(() => undefined);
      },
      readsHold: api.readsHold,
      log,
    });
  }, log);
}

// --- the "you were removed" notice (UI state: it outlives the screen it interrupted) ---
let kickedNotice: KickedPayload | null = null;
const noticeListeners = new Set<() => void>();
function showKickedNotice(payload: KickedPayload | null) {
  kickedNotice = payload;
  for (const listener of noticeListeners) listener();
}
export const dismissKickedNotice = () => showKickedNotice(null);
export function useKickedNotice(): KickedPayload | null {
  return useSyncExternalStore(
    (listener) => {
      noticeListeners.add(listener);
      return () => noticeListeners.delete(listener);
    },
    () => kickedNotice,
  );
}

let tabClient: LiveClient | null = null;

/** Provides the tab's one live client (or, in tests, the one given). */
export function LiveProvider({ children, client }: { children: ReactNode; client?: LiveClient }) {
  const queryClient = useQueryClient();
  if (!client && !tabClient) tabClient = createAppLiveClient(queryClient);
  const live = client ?? (tabClient as LiveClient);
  const login = useLoginEpoch();
  const previous = useRef(login);
  useEffect(() => {
    // logging in or out changes what the socket may see: connect again with the new cookie
    if (previous.current === login) return;
    previous.current = login;
    live.restart();
  }, [login, live]);
  return <LiveContext.Provider value={live}>{children}</LiveContext.Provider>;
}

export function useLive(): LiveClient {
  const live = useContext(LiveContext);
  if (!live) throw new Error('useLive outside the LiveProvider');
  return live;
}

/** Connected, connecting, or reconnecting after a drop. */
export function useLiveStatus() {
  const live = useLive();
  return useSyncExternalStore(live.onStatus, live.status);
}

type SnapshotOf<K extends TRoomSnapshot['kind']> = Extract<TRoomSnapshot, { kind: K }>;

/**
 * Follows a room while mounted (null: none) and answers its snapshot, kept current by the
 * room's events. `resyncEveryMs` also asks for a fresh snapshot now and then (a screen that
 * shows the server's clock, like the TV, keeps its skew current that way).
 */
export function useLiveRoom<K extends TRoomSnapshot['kind']>(
  room: string | null,
  kind: K,
  options: { resyncEveryMs?: number } = {},
) {
  const live = useLive();
  const { resyncEveryMs } = options;
  useEffect(() => {
    if (!room) return;
    const unfollow = live.follow(room);
    const timer = resyncEveryMs ? setInterval(() => live.sync(room), resyncEveryMs) : undefined;
    return () => {
      clearInterval(timer);
      unfollow();
    };
  }, [live, room, resyncEveryMs]);
  return useQuery({
    queryKey: liveKeys.room(room ?? 'none'),
    queryFn: () => live.snapshot(room as string),
    select: (snapshot: TRoomSnapshot) => (snapshot.kind === kind ? (snapshot as SnapshotOf<K>) : undefined),
    enabled: room !== null,
    // the socket keeps it current; a reconnect or a gap syncs it
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: (count, error) => !(error instanceof LiveRoomError && !['error.timeout'].includes(error.key)) && count < 3,
  });
}

/** Now on the server's clock (skew from the last snapshot), re-rendering every `intervalMs`. */
export function useLiveNow(intervalMs = 1000): number {
  const live = useLive();
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const timer = setInterval(tick, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return live.serverNow();
}

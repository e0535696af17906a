import { skewFrom } from '@club/shared/clock';
import type { ErrorKey } from '@club/shared/errors';
import { isLiveTopic, type LiveTopic } from '@club/shared/live-events';
import type { TRoomSnapshot } from '@club/shared/realtime';
import type { SchemaChecks } from '../../../lib/schema-checks.ts';
import type { CacheWriter } from './cache-writer.ts';
import type { LiveSocket } from './live-client-types.ts';
import { LiveRoomError } from './live-room-error.ts';
import { failWaiters, type RoomEntry, type Rooms } from './room-entry.ts';

type Joined = { joinedAt: number; heard?: LiveTopic[] };

const RETRYABLE = new Set<string>(['error.rate_limited', 'error.service_unavailable', 'error.timeout']);

/**
 * Subscribe (first time) or sync (after a gap, a reconnect, a wake-up) one room, and take its
 * snapshot into the cache. With a request under way, `fresh` asks for one more after it (what
 * it answers may predate a gap). A refusal worth retrying is retried with backoff; any other
 * fails those waiting for the snapshot.
 */
export function createRoomRequests(deps: {
  socket: LiveSocket;
  /** the snapshots are checked in order with the events (room-events.ts) */
  checks: SchemaChecks;
  rooms: Rooms;
  writer: CacheWriter;
  ackTimeoutMs: number;
  backoff(attempt: number): number;
  /** starts the socket if needed (the connect handler asks for every room) */
  ensureConnected(): void;
  isClosed(): boolean;
  /** the server's clock, as the last snapshot told it */
  setSkew(skew: number): void;
  onAuthRejected?: (() => void) | undefined;
  /** what the screens' reads hold (`ApiClient.readsHold`) */
  readsHold?: (() => number | undefined) | undefined;
  log(message: string, detail?: unknown): void;
}) {
  const { socket, rooms } = deps;
  let requestIds = 0;

  function applySnapshot(entry: RoomEntry, snapshot: TRoomSnapshot, joined: Joined | undefined) {
    deps.setSkew(skewFrom(snapshot.server_time));
    // events newer than this snapshot were applied while it was on its way: ask again after
    const stale = entry.last !== undefined && snapshot.seq < entry.last;
    entry.last = snapshot.seq;
    entry.lastInSnapshot = true;
    deps.writer.snapshot(snapshot, { missed: entry.missed, ...joined });
    entry.missed = false;
    const waiters = entry.waiters.splice(0);
    for (const waiter of waiters) waiter.resolve(snapshot);
    if (stale && !entry.staleRetried) entry.again = true;
    entry.staleRetried = stale;
  }

  /**
   * The kinds of event the room may have heard before this socket joined that the screens'
   * reads do not hold (DESIGN.md §5): none when every read holds the room's newest event; those
   * newer than the reads where the snapshot names them; `unknown` where it cannot tell.
   */
  function heardSinceRead(snapshot: TRoomSnapshot): LiveTopic[] | 'unknown' {
    const held = deps.readsHold?.();
    if (snapshot.room_seq === undefined || held === undefined) return 'unknown';
    if (snapshot.room_seq <= held) return [];
    if (!snapshot.heard || snapshot.heard.from > held) return 'unknown';
    const newer = Object.entries(snapshot.heard.last)
      .filter(([, seq]) => seq > held)
      .map(([topic]) => topic);
    return newer.every(isLiveTopic) ? newer : 'unknown';
  }

  /** A subscribe's snapshot: when it was asked for, and what the room heard since the reads. */
  function joinedWith(snapshot: TRoomSnapshot, joinedAt: number): Joined | undefined {
    const heard = heardSinceRead(snapshot);
    if (heard === 'unknown') return { joinedAt };
    return heard.length === 0 ? undefined : { joinedAt, heard };
  }

  async function request(room: string, fresh = false): Promise<void> {
    const entry = rooms.get(room);
    if (!entry || deps.isClosed()) return;
    if (entry.inFlight) {
      if (fresh) entry.again = true;
      return;
    }
    if (!socket.connected) {
      deps.ensureConnected();
      return;
    }
    const id = ++requestIds;
    entry.inFlight = id;
    entry.again = false;
    const kind = entry.last === undefined ? 'subscribe' : 'sync';
    const joinedAt = kind === 'subscribe' ? Date.now() : undefined;
    let key: string | null = null;
    try {
      const answer = await socket.timeout(deps.ackTimeoutMs).emitWithAck(kind, { room });
      if ('error' in answer) key = answer.error;
      else {
        // asked for at once, so in line with the events that came after this answer
        const checked = await deps.checks.check('snapshot', answer.data);
        if (!checked.ok) deps.log(`${kind} ${room}: unexpected snapshot`, checked.issues);
        const snapshot = checked.ok ? (checked.data as TRoomSnapshot) : answer.data;
        applySnapshot(entry, snapshot, joinedAt === undefined ? undefined : joinedWith(snapshot, joinedAt));
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
          deps.backoff(entry.retries++),
        );
        return;
      }
      deps.log(`${kind} ${room} refused: ${key}`);
      if (key === 'error.auth_required') deps.onAuthRejected?.();
      failWaiters(entry, new LiveRoomError(key as ErrorKey));
      return;
    }
    if (entry.again) void request(room, true);
  }

  return { request };
}

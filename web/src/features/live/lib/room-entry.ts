import type { TRoomSnapshot } from '@club/shared/realtime';

interface Waiter {
  resolve(snapshot: TRoomSnapshot): void;
  reject(error: Error): void;
}

/** What the live client keeps of one room: who follows it, and where its sequence stands. */
export interface RoomEntry {
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

export type Rooms = Map<string, RoomEntry>;

/** The room's entry, made when it is first asked for. */
export function entryOf(rooms: Rooms, room: string): RoomEntry {
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

/** whether any room is followed or awaited: the socket is worth keeping up */
export const wanted = (rooms: Rooms) => [...rooms.values()].some((e) => e.count > 0 || e.waiters.length > 0);

export function failWaiters(entry: RoomEntry, error: Error) {
  const waiters = entry.waiters.splice(0);
  for (const waiter of waiters) waiter.reject(error);
}

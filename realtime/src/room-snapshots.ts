import type { ErrorKey } from '@club/shared/errors';
import { seatedIn } from '@club/shared/game-seats';
import type { Room, TKioskSnapshot, TRoomSnapshot } from '@club/shared/realtime';
import type { KioskClient } from './kiosk-client.ts';
import type { LiveView } from './live-view.ts';

/** how long a snapshot may answer later askers while no event came (its totals age with it) */
const SNAPSHOT_REUSE_MS = 500;

/**
 * The snapshots clients get when they subscribe or sync, read fresh from the kiosk. Concurrent
 * askers share one kiosk call, and whoever asks while one is under way waits for the next one
 * (so nothing slips between). With `reuse` (a subscribe), one read moments ago serves too while
 * no event has been applied since: nothing happened here in between, and what the kiosk commits
 * later reaches the room as events. That keeps a reconnect storm (a restart, hundreds of phones
 * subscribing at once) from becoming a kiosk read each, which the embedded gateway pays for on
 * its own thread. A `sync` (a client that fears it missed something) always gets a new read,
 * and with it the kiosk's current clock.
 */
export function createRoomSnapshots(deps: {
  kiosk: KioskClient;
  view: LiveView;
  source: 'webhook' | 'poll';
  /**
   * Other gateways send to the rooms too (an adapter): what they sent is learned later, so a
   * room's newest event is not known here and the snapshot says none (`room_seq`).
   */
  shared?: boolean;
}) {
  const { kiosk, view } = deps;
  let inFlight: Promise<TKioskSnapshot> | null = null;
  let nextRound: Promise<TKioskSnapshot> | null = null;
  let latest: { snapshot: TKioskSnapshot; at: number } | null = null;
  let reads = 0;

  function freshSnapshot(reuse = false): Promise<TKioskSnapshot> {
    if (reuse && latest && latest.snapshot.seq === view.seq && Date.now() - latest.at < SNAPSHOT_REUSE_MS) {
      return Promise.resolve(latest.snapshot);
    }
    if (!inFlight) {
      const asked = Date.now();
      reads++;
      inFlight = kiosk
        .snapshot()
        .then((snapshot) => {
          latest = { snapshot, at: asked };
          return snapshot;
        })
        .finally(() => {
          inFlight = null;
        });
      return inFlight;
    }
    nextRound ??= inFlight
      .catch(() => {})
      .then(() => {
        nextRound = null;
        return freshSnapshot();
      });
    return nextRound;
  }

  /** why the person may not hear the table's room: no such table, or no seat at its game now */
  function seatErrorIn(snap: TKioskSnapshot, tableId: number, userId: number): ErrorKey | null {
    const table = snap.tables.find((t) => t.id === tableId);
    if (!table) return 'error.table_not_found';
    const game = table.game_id === null ? undefined : snap.games.find((g) => g.id === table.game_id);
    return game && seatedIn(game, userId) ? null : 'error.forbidden';
  }

  return {
    /** how many snapshots were read from the kiosk for clients */
    reads: () => reads,

    /**
     * Why a member may not hear a table's room (null: they sit at its game). A read moments ago
     * may say yes; a no is read fresh, since the seat may be newer than the gateway's events.
     */
    async seatError(tableId: number, userId: number): Promise<ErrorKey | null> {
      if (seatErrorIn(await freshSnapshot(true), tableId, userId) === null) return null;
      return seatErrorIn(await freshSnapshot(), tableId, userId);
    },

    /**
     * A room's snapshot as its members may see it, or why there is none. `heardWith`: the rooms
     * the member hears along with this one (everyone logged in, their role), whose newest event
     * counts as the room's (`room_seq`). `seatOf`: the member who must sit at a table room's
     * game (not staff), checked again in this read after the join: a leave that slipped in
     * between the first check and the join is seen here, or its event reaches the socket.
     */
    async forRoom(
      room: Room,
      name: string,
      reuse: boolean,
      heardWith: string[] = [],
      seatOf?: number,
    ): Promise<TRoomSnapshot | ErrorKey> {
      const snap = await freshSnapshot(reuse);
      if (deps.source !== 'poll') view.absorbSnapshot(snap);
      const liveGames = new Map(snap.games.map((g) => [g.id, g]));
      const stamp = {
        room: name,
        seq: snap.seq,
        server_time: snap.server_time,
        ...(deps.shared
          ? {}
          : { room_seq: view.lastSentTo([name, ...heardWith]), heard: view.heardIn([name, ...heardWith]) }),
      };
      switch (room.kind) {
        case 'floor':
          return { kind: 'floor', ...stamp, tables: snap.tables.map((t) => view.viewOf(t, liveGames)) };
        case 'admin':
          return {
            kind: 'admin',
            ...stamp,
            tables: snap.tables.map((t) => view.viewOf(t, liveGames)),
            games: snap.games,
          };
        case 'table': {
          const table = snap.tables.find((t) => t.id === room.id);
          if (!table) return 'error.table_not_found';
          if (seatOf !== undefined) {
            const denied = seatErrorIn(snap, room.id, seatOf);
            if (denied) return denied;
          }
          return {
            kind: 'table',
            ...stamp,
            table: view.viewOf(table, liveGames),
            game: table.game_id ? (liveGames.get(table.game_id) ?? null) : null,
          };
        }
        case 'user': {
          const game = snap.games.find((g) => seatedIn(g, room.id));
          return { kind: 'user', ...stamp, game: game ?? null };
        }
      }
    },
  };
}

export type RoomSnapshots = ReturnType<typeof createRoomSnapshots>;

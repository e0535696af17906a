import type { LiveTopic } from '@club/shared/live-events';
import { type TFloorTable, type TKioskSnapshot, toFloorTable } from '@club/shared/realtime';
import type { TGame, TTable } from '@club/shared/tables';

const MAX_REMEMBERED_IDS = 20_000;

/**
 * The gateway's live copy of the kiosk: tables and games (to tick totals and to know where to
 * send things), the sequence numbers, and which event ids were applied (each at most once).
 */
export function createLiveView() {
  const tables = new Map<number, TTable>();
  const games = new Map<number, TGame>();
  /** the last sequence number each room was sent */
  const roomSeqs = new Map<string, number>();
  /** the same by kind of event (`topicOf`) */
  const topicSeqs = new Map<string, Map<LiveTopic, number>>();
  /** each playing player's minutes as last ticked (or first described) */
  const lastMinutes = new Map<number, number>();
  const applied = new Set<number>();
  /** ids at or below this were in the first snapshot: already reflected, never applied */
  let floorId = 0;
  /** the first snapshot's sequence number: every room's events after it went through here */
  let startSeq: number | null = null;

  /**
   * A player's minutes as the kiosk first described them: ticks start from there. Set when
   * the game is learned (not at the next tick), so a fresher description arriving before
   * that tick cannot swallow a minute boundary.
   */
  function track(game: TGame) {
    for (const p of game.players) if (p.status === 'joined' && !lastMinutes.has(p.id)) lastMinutes.set(p.id, p.minutes);
  }

  const view = {
    seq: 0,
    tables,
    games,
    roomSeqs,
    lastMinutes,

    /** Whether an event id is still to be applied. */
    isNew: (id: number) => id > floorId && !applied.has(id),

    remember(id: number) {
      applied.add(id);
      if (applied.size > MAX_REMEMBERED_IDS) {
        const cut = [...applied].sort((a, b) => a - b).slice(0, applied.size - MAX_REMEMBERED_IDS / 2);
        for (const old of cut) applied.delete(old);
        floorId = Math.max(floorId, cut.at(-1) ?? 0);
      }
    },

    /** The first snapshot: every event up to it is reflected already. */
    startFrom(snapshot: TKioskSnapshot) {
      view.absorbSnapshot(snapshot);
      floorId = Math.max(floorId, snapshot.seq);
      startSeq ??= snapshot.seq;
    },

    /**
     * The newest event sent to any of these rooms: a room sent nothing since this view started
     * had its last before that. (An event applied later reaches a socket already in the room.)
     */
    lastSentTo: (rooms: string[]): number =>
      Math.max(...rooms.map((room) => roomSeqs.get(room) ?? startSeq ?? view.seq)),

    /** A room was sent an event of this kind. */
    noteTopic(room: string, topic: LiveTopic, seq: number) {
      let seqs = topicSeqs.get(room);
      if (!seqs) {
        seqs = new Map();
        topicSeqs.set(room, seqs);
      }
      if (seq > (seqs.get(topic) ?? Number.NEGATIVE_INFINITY)) seqs.set(topic, seq);
    },

    /**
     * The newest event of each kind sent to any of these rooms since this view started (`from`);
     * a kind not listed had its last before that, as `lastSentTo` counts a room.
     */
    heardIn(rooms: string[]): { from: number; last: Partial<Record<LiveTopic, number>> } {
      const last: Partial<Record<LiveTopic, number>> = {};
      for (const room of rooms) {
        for (const [topic, seq] of topicSeqs.get(room) ?? []) last[topic] = Math.max(last[topic] ?? seq, seq);
      }
      return { from: startSeq ?? view.seq, last };
    },

    absorbSnapshot(snapshot: TKioskSnapshot) {
      if (snapshot.seq < view.seq) return;
      view.seq = snapshot.seq;
      tables.clear();
      for (const t of snapshot.tables) tables.set(t.id, t);
      games.clear();
      for (const g of snapshot.games) {
        track(g);
        games.set(g.id, g);
      }
    },

    absorbGame(game: TGame) {
      if (game.status === 'ended') games.delete(game.id);
      else {
        track(game);
        games.set(game.id, game);
      }
    },

    /** A table as the floor sees it, with its game from `from` (what the gateway holds, or a snapshot's). */
    viewOf: (table: TTable, from: ReadonlyMap<number, TGame> = games): TFloorTable =>
      toFloorTable(table, table.game_id === null ? null : from.get(table.game_id)),

    floorTables: (): TFloorTable[] => [...tables.values()].sort((a, b) => a.id - b.id).map((t) => view.viewOf(t)),
  };
  return view;
}

export type LiveView = ReturnType<typeof createLiveView>;

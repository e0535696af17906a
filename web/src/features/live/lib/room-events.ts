import { LIVE_EVENTS, type LiveEventName, missedEvents } from '@club/shared/live-events';
import type { ServerPayload } from '@club/shared/realtime';
import { userRoom } from '@club/shared/rooms';
import type { SchemaChecks } from '../../../lib/schema-checks.ts';
import type { CacheWriter } from './cache-writer.ts';
import type { KickedPayload, LiveSocket } from './live-client-types.ts';
import type { Rooms } from './room-entry.ts';

/**
 * Hears every event of the socket contract, has it checked (in the order the events came, with
 * the snapshots: `checks`) and applies the protocol's rules before the cache writer takes it:
 * events older than what a room holds are dropped (ticks excepted), and a skipped sequence
 * number asks for `sync` (`resync`).
 */
export function listenToEvents(deps: {
  socket: LiveSocket;
  checks: SchemaChecks;
  rooms: Rooms;
  writer: CacheWriter;
  resync(room: string): void;
  me(): number | null;
  onKicked?: ((payload: KickedPayload) => void) | undefined;
  log(message: string, detail?: unknown): void;
}) {
  async function handle<E extends LiveEventName>(name: E, raw: unknown) {
    const checked = await deps.checks.check(`event:${name}`, raw);
    if (!checked.ok) {
      deps.log(`${name}: unexpected payload`, checked.issues);
      return;
    }
    const payload = checked.data as ServerPayload<E>;
    const room = payload.room;
    const entry = deps.rooms.get(room);
    if (entry) {
      const last = entry.last;
      // one kiosk change may reach a room as several events of one number (a table and its
      // game): only a snapshot's number says they are all held already
      const held = last !== undefined && (payload.seq < last || (payload.seq === last && entry.lastInSnapshot));
      if (name !== 'game:tick' && held) return;
      if (missedEvents(last, payload)) {
        entry.missed = true;
        deps.resync(room);
      }
      if (last === undefined || payload.seq > last) {
        entry.last = payload.seq;
        entry.lastInSnapshot = false;
      }
    }
    deps.writer.event(name, payload);
    if (name === 'player:kicked') {
      const me = deps.me();
      if (me !== null && room === userRoom(me)) deps.onKicked?.(payload as KickedPayload);
    }
  }

  for (const name of LIVE_EVENTS) {
    deps.socket.on(name, ((payload: unknown) => void handle(name, payload)) as never);
  }
}

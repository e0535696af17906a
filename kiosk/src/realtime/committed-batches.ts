import type { TOrder } from '@club/shared/orders';
import { changedIds, type TKioskEvent, type TKioskRead } from '@club/shared/realtime';
import type { TGame, TTable } from '@club/shared/tables';
import type { KnownViews, WrittenEvents } from '../outbox/committed-events.ts';
import { BATCH } from './outbox-queue.ts';

/** committed events kept for sending from memory; past this (the gateway away a long time) they are read back */
const MAX_READY = 5_000;

/**
 * What transactions of this process committed and the worker has not delivered yet, with what
 * each transaction read at its commit: the worker sends them without reading them back.
 */
export function createCommittedBatches() {
  const ready = new Map<number, { event: TKioskEvent; written: WrittenEvents }>();

  return {
    keep(written: WrittenEvents) {
      if (ready.size >= MAX_READY) ready.clear();
      for (const event of written.events) ready.set(event.id, { event, written });
    },

    /**
     * The head of the queue from memory: the events from `nextId` on, while they follow each
     * other. A gap (a transaction that rolled back after writing an event) ends it.
     */
    headFrom(nextId: number): TKioskEvent[] {
      const head: TKioskEvent[] = [];
      for (let id = nextId; head.length < BATCH; id++) {
        const found = ready.get(id);
        if (!found) break;
        head.push(found.event);
      }
      return head;
    },

    /**
     * What a batch changed, from the reads its transactions made before committing, when every
     * event of it is one of those: later transactions' rows win, and the read claims the batch's
     * last id (its rows may hold later changes of the same transaction, never later ones of others).
     */
    readOf(events: TKioskEvent[]): TKioskRead | undefined {
      const reads: TKioskRead[] = [];
      for (const event of events) {
        const read = ready.get(event.id)?.written.read;
        if (!read) return undefined;
        if (reads.at(-1) !== read) reads.push(read);
      }
      const latest = <T>(pick: (read: TKioskRead) => T[], key: (row: T) => number) => [
        ...new Map(reads.flatMap(pick).map((row) => [key(row), row])).values(),
      ];
      const byId = (row: { id: number }) => row.id;
      return {
        ...reads.at(-1)!,
        seq: events.at(-1)!.id,
        tables: latest((r) => r.tables, byId),
        games: latest((r) => r.games, byId),
        orders: latest((r) => r.orders, byId),
        player_orders: latest(
          (r) => r.player_orders,
          (p) => p.player_id,
        ),
        notifications: latest((r) => r.notifications, byId),
      };
    },

    /**
     * What of a batch its writers made views of (`knownTable`, `knownGame`, `knownOrder`), as the batch
     * leaves it: a game or order a later event of the batch changed without one (or one not
     * from memory, another process's) is not among them, and is read.
     */
    knownOf(events: TKioskEvent[]): KnownViews {
      const tables = new Map<number, TTable>();
      const games = new Map<number, TGame>();
      const orders = new Map<number, TOrder>();
      const take = <T extends { id: number }>(into: Map<number, T>, ids: number[], made: T[] = []) => {
        for (const id of ids) {
          const view = made.find((v) => v.id === id);
          if (view) into.set(id, view);
          else into.delete(id);
        }
      };
      for (const event of events) {
        const known = ready.get(event.id)?.written.known;
        const changed = changedIds([event]);
        take(tables, changed.table_ids, known?.tables);
        take(games, changed.game_ids, known?.games);
        take(orders, changed.order_ids, known?.orders);
      }
      return { tables: [...tables.values()], games: [...games.values()], orders: [...orders.values()] };
    },

    forget(ids: number[]) {
      for (const id of ids) ready.delete(id);
    },

    /** Delivered in id order: anything before `nextId` is out (by another process, too). */
    forgetBefore(nextId: number) {
      for (const id of ready.keys()) if (id < nextId) ready.delete(id);
    },

    clear() {
      ready.clear();
    },
  };
}

export type CommittedBatches = ReturnType<typeof createCommittedBatches>;

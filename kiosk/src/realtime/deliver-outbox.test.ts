import type { TKioskEvent, TKioskRead } from '@club/shared/realtime';
import { makeTable } from '@club/shared/test-tables';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../tests/harness.ts';
import type { Database, Executor } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { createLogger } from '../logger.ts';
import { committedSeq } from '../outbox/committed-seq.ts';
import { withEvents } from '../outbox/with-events.ts';
import { createOutboxDelivery, type DescribeEvents } from './deliver-outbox.ts';

let database: Database;
/**
 * Where the writer reads what its events changed: in its transaction on the embedded database,
 * right after its commit on PostgreSQL. Either way not the worker, later.
 */
let writerReads: string;
beforeAll(async () => {
  database = await freshDatabase();
  writerReads = database.kind === 'postgres' ? 'after the commit' : 'in the transaction';
});
afterAll(() => database.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(find: () => T | undefined, ms = 5000): Promise<T | undefined> {
  const deadline = Date.now() + ms;
  for (let found = find(); Date.now() < deadline; found = find()) {
    if (found !== undefined) return found;
    await pause(10);
  }
  return find();
}

/** A table as a read names it. */
const table = (id: number) => makeTable(id, { x: 0, y: 0 });

/**
 * A worker that records what it sends (each send waits for `acknowledge`), looking on its
 * own only after a minute.
 */
function worker(describe?: DescribeEvents, acknowledge?: () => Promise<void>) {
  const sent: { at: number; events: TKioskEvent[]; read?: TKioskRead }[] = [];
  const delivery = createOutboxDelivery({
    db: database.db,
    logger: createLogger('silent'),
    shared: database.kind === 'postgres',
    send: async (events, read) => {
      sent.push({ at: Date.now(), events, read });
      await acknowledge?.();
    },
    describe,
    intervalMs: 60_000,
  });
  return { sent, delivery };
}

describe('the outbox worker', () => {
  it('makes an event another process committed count as held by this one’s answers once it leased it', async () => {
    const { sent, delivery } = worker();
    const [row] = await database.db
      .insert(outbox)
      .values({ type: 'feed.changed', payload: { feed: 'products' } })
      .returning({ id: outbox.id });
    const theirs = Number(row!.id);
    expect(committedSeq(database.db) ?? 0).toBeLessThan(theirs);
    delivery.start();
    try {
      expect(await until(() => sent.find((s) => s.events.some((e) => e.id === theirs)))).toBeDefined();
      expect(committedSeq(database.db)).toBeGreaterThanOrEqual(theirs);
    } finally {
      await delivery.stop();
    }
  });

  it('sends an event as soon as its transaction commits, never before', async () => {
    const { sent, delivery } = worker();
    delivery.start();
    try {
      await pause(200);
      sent.length = 0;
      let committedAt = 0;
      await withEvents(database.db, async (_tx, emit) => {
        await emit({ type: 'table.updated', payload: { table_id: 7 } });
        // the change is not committed for a while yet
        await pause(300);
        expect(sent).toEqual([]);
        committedAt = Date.now();
      });
      const delivered = await until(() => sent[0]);
      expect(delivered, 'delivered well before the next look').toBeDefined();
      expect(delivered!.at).toBeGreaterThanOrEqual(committedAt);
      expect(delivered!.events.map((e) => e.type)).toEqual(['table.updated']);
    } finally {
      await delivery.stop();
    }
  });

  it('sends what the writer read at its commit, and reads again only what it could not', async () => {
    const reads: string[] = [];
    // the read names where it was made: by the writer (in its transaction or on the database
    // right after it), or by the worker later (on the database, no executor named)
    const { sent, delivery } = worker(async (events, on?: Executor) => {
      const where = on === undefined ? 'worker' : on === database.db ? 'after the commit' : 'in the transaction';
      reads.push(where);
      if (where !== 'worker' && events.some((e) => (e.payload as { table_id?: number }).table_id === 13)) {
        throw new Error('this read fails');
      }
      const [row] = await (on ?? database.db).select({ id: outbox.id }).from(outbox).limit(1);
      return {
        success: true,
        server_time: where,
        seq: row?.id ?? 0,
        tables: events.map((e) => table((e.payload as { table_id: number }).table_id)),
        games: [],
        orders: [],
        player_orders: [],
        notifications: [],
      };
    });
    delivery.start();
    try {
      await pause(200);
      sent.length = 0;
      reads.length = 0;

      await withEvents(database.db, async (_tx, emit) => {
        await emit({ type: 'table.updated', payload: { table_id: 11 } });
      });
      const first = await until(() => sent[0]);
      expect(first?.read?.server_time).toBe(writerReads);
      expect(first?.read?.seq, 'claims its own last event').toBe(first?.events.at(-1)?.id);
      expect(reads).toEqual([writerReads]);

      // a transaction that rolls back after emitting: nothing is told or sent; and an id drawn
      // by a rolled-back insert is a gap the next event is found across
      await expect(
        withEvents(database.db, async (tx, emit) => {
          await emit({ type: 'table.updated', payload: { table_id: 12 } });
          await tx.execute(sql`select nextval(pg_get_serial_sequence('outbox', 'id'))`);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      // a read that fails does not undo the change; the worker reads it instead
      await withEvents(database.db, async (_tx, emit) => {
        await emit({ type: 'table.updated', payload: { table_id: 13 } });
      });
      const second = await until(() => sent[1]);
      expect(second?.events.map((e) => e.payload)).toEqual([{ table_id: 13 }]);
      expect(second?.read?.server_time).toBe('worker');
      expect(second!.events[0]!.id).toBeGreaterThan(first!.events[0]!.id + 1);
      await pause(100);
      expect(sent).toHaveLength(2);
    } finally {
      await delivery.stop();
    }
  });

  it('marks what went out delivered: soon after, and at the latest when it stops', async () => {
    const { sent, delivery } = worker();
    const deliveredAt = async (ids: number[]) =>
      (await database.db.select().from(outbox).where(inArray(outbox.id, ids))).map((r) => r.deliveredAt);
    delivery.start();
    try {
      await pause(200);
      sent.length = 0;
      for (const tableId of [41, 42]) {
        await withEvents(database.db, async (_tx, emit) => {
          await emit({ type: 'table.updated', payload: { table_id: tableId } });
        });
      }
      await until(() => (sent.flatMap((s) => s.events).length === 2 ? true : undefined));
      const ids = sent.flatMap((s) => s.events.map((e) => e.id));
      for (let i = 0; i < 100 && (await deliveredAt(ids)).includes(null); i++) await pause(20);
      expect(await deliveredAt(ids)).not.toContain(null);

      await withEvents(database.db, async (_tx, emit) => {
        await emit({ type: 'table.updated', payload: { table_id: 43 } });
      });
      const last = await until(() => sent[2]);
      await delivery.stop();
      expect(await deliveredAt(last!.events.map((e) => e.id))).not.toContain(null);
    } finally {
      await delivery.stop();
    }
  });

  it('sends the transactions that committed while a batch was out in one batch, with their reads', async () => {
    const reads: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { sent, delivery } = worker(
      async (events, on?: Executor) => {
        reads.push(on === undefined ? 'worker' : 'writer');
        return {
          success: true,
          server_time: new Date().toISOString(),
          seq: 0,
          tables: events.map((e) => table((e.payload as { table_id: number }).table_id)),
          games: [],
          orders: [],
          player_orders: [],
          notifications: [],
        };
      },
      () => gate,
    );
    delivery.start();
    try {
      await pause(200);
      const write = (tableId: number) =>
        withEvents(database.db, async (_tx, emit) => {
          await emit({ type: 'table.updated', payload: { table_id: tableId } });
        });
      await write(30);
      expect(await until(() => sent[0])).toBeDefined();
      // the gateway has not answered yet
      await write(31);
      await write(32);
      await pause(100);
      expect(sent).toHaveLength(1);
      release();
      const next = await until(() => sent[1]);
      expect(next?.events.map((e) => e.payload)).toEqual([{ table_id: 31 }, { table_id: 32 }]);
      expect(next?.read?.tables.map((t) => t.id)).toEqual([31, 32]);
      expect(next?.read?.seq).toBe(next?.events.at(-1)?.id);
      expect(reads).toEqual(['writer', 'writer', 'writer']);
    } finally {
      release();
      await delivery.stop();
    }
  });
});
